import Crypto
import HomeroomCore
import HomeroomWebhooks

/// Discord's interaction signing: `X-Signature-Ed25519` is the Ed25519 signature, in hex, of
/// `X-Signature-Timestamp` followed by the raw body, made with the application's private key.
struct DiscordSignature: Sendable {
    /// The key's 32 bytes (the key type is not `Sendable`; it is made for each check).
    let publicKey: [UInt8]

    /// Nil when `publicKeyHex` is not a valid Ed25519 key in hex (the settings check this at start-up).
    init?(publicKeyHex: String) {
        guard let raw = HexBytes.decode(publicKeyHex),
            (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil
        else { return nil }
        publicKey = raw
    }

    /// The 64 signature bytes a header names in hex (either case), or nil.
    static func signature(in header: String) -> [UInt8]? {
        guard let bytes = HexBytes.decode(header), bytes.count == 64 else { return nil }
        return bytes
    }

    /// True when `signature` signs `timestamp` followed by `body`.
    func isValid(signature: [UInt8], timestamp: String, body: some Collection<UInt8>) -> Bool {
        var message = Array(timestamp.utf8)
        message.append(contentsOf: body)
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}
