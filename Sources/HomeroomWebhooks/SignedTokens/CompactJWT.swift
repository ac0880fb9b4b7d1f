import Foundation
import HomeroomEngine

/// A token in the JWS compact serialization (RFC 7515 §7.1): three base64url parts joined by dots,
/// split and decoded but not yet trusted.
package struct CompactJWT: Sendable {
    /// The protected header's fields Homeroom reads (RFC 7515 §4.1).
    struct Header: Decodable, Sendable {
        let alg: String?
        let kid: String?
    }

    /// The longest token read: the platforms' tokens are about 1 to 2 KB.
    static let maximumLength = 16_384

    let header: Header
    /// The decoded claims set, JSON.
    package let payload: [UInt8]
    /// `BASE64URL(header) "." BASE64URL(payload)`, the bytes the signature signs.
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// Splits and decodes `token`; throws 401 with a short reason when it is not a JWS.
    package init(_ token: String) throws(WebhookRejection) {
        guard token.utf8.count <= Self.maximumLength else { throw .unauthorized("the token is too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Self.base64URLDecoded(parts[0]),
            let payload = Self.base64URLDecoded(parts[1]),
            let signature = Self.base64URLDecoded(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes))
        else { throw .unauthorized("the token is not a signed JWT") }
        self.header = header
        self.payload = payload
        self.signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        self.signature = signature
    }

    /// Base64url without padding (RFC 7515 §2), or nil for other characters.
    static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        Data(base64URL: text).map { Array($0) }
    }
}
