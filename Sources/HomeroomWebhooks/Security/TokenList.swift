import Crypto

/// Shared-secret tokens (a Mattermost command token, an API client's bearer token) and whose
/// each is. Tokens are kept as SHA-256 digests and every one is compared in constant time over
/// equal-length digests, so neither a match nor its position shows in the timing.
package struct TokenList: Sendable {
    private let entries: [(owner: String, digest: [UInt8])]

    /// `tokens` as (owner, token) pairs.
    package init(_ tokens: [(owner: String, token: String)]) {
        entries = tokens.map { ($0.owner, Self.digest($0.token)) }
    }

    /// True when there is no token (the endpoint is off).
    package var isEmpty: Bool { entries.isEmpty }

    /// The owner of `token`, or nil when it matches none.
    package func owner(of token: String) -> String? {
        let digest = Self.digest(token)
        var match: String?
        for entry in entries where ConstantTime.equal(entry.digest, digest) {
            match = entry.owner
        }
        return match
    }

    private static func digest(_ token: String) -> [UInt8] { Array(SHA256.hash(data: Array(token.utf8))) }
}
