/// Turns PINs into salted, slow hashes and checks PINs against them. The runtime provides the
/// implementation (PBKDF2 from swift-crypto); Core only stores and compares what it returns.
package protocol SecretHasher: Sendable {
    /// A new salted hash of `secret`, self-describing (algorithm, work factor, salt, digest).
    func hash(_ secret: String) throws -> String
    /// True when `secret` matches `stored`, compared in constant time. The slow work runs where the
    /// hasher chooses, away from the cooperative threads, so that many logins at once hold up no
    /// other command.
    func verify(_ secret: String, against stored: String) async -> Bool
}
