import Crypto
import Foundation

/// Slack's request signing: `X-Slack-Signature: v0=HEX(HMAC-SHA256(secret, "v0:TIMESTAMP:BODY"))`
/// over the raw body, before anything in it is read.
struct SlackSignature: Sendable {
    /// The secret's bytes (`SymmetricKey` is not `Sendable`; a key is made for each check).
    let secret: [UInt8]

    init(signingSecret: String) {
        secret = Array(signingSecret.utf8)
    }

    /// True when `signature` (the header, with its `v0=`) signs `timestamp` and `body`.
    func isValid(signature: String, timestamp: String, body: some Collection<UInt8>) -> Bool {
        guard signature.hasPrefix("v0="), let code = HexBytes.decode(signature.dropFirst(3)) else { return false }
        var message = Array("v0:\(timestamp):".utf8)
        message.append(contentsOf: body)
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: SymmetricKey(data: secret))
    }

}
