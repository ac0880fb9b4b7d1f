import Foundation

/// Where a platform publishes the keys its tokens are signed with.
package enum SigningKeySource: Sendable, Hashable {
    /// A JSON Web Key Set (RFC 7517 §5) at this address.
    case jwks(URL)
    /// OpenID Connect provider metadata whose `jwks_uri` names the key set (OpenID Connect Discovery 1.0 §3).
    case openIDMetadata(URL)
}
