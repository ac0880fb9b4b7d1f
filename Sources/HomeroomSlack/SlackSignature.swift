import Crypto
import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Slack's request signing: `X-Slack-Signature: v0=HEX(HMAC-SHA256(secret, "v0:TIMESTAMP:BODY"))`
/// over the raw body, before anything in it is read.
struct SlackSignature: Sendable {
    /// The secret's bytes (`SymmetricKey` is not `Sendable`; a key is made for each check).
    let secret: [UInt8]

    init(signingSecret: String) {
        secret = Array(signingSecret.utf8)
    }

    /// The HMAC a header names (`v0=` and hex digits in either case), or nil.
    static func code(in header: String) -> [UInt8]? { HexBytes.decode(header, after: "v0=") }

    /// True when `code` signs `timestamp` and `body`.
    func isValid(code: [UInt8], timestamp: String, body: some Collection<UInt8>) -> Bool {
        var message = Array("v0:\(timestamp):".utf8)
        message.append(contentsOf: body)
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: SymmetricKey(data: secret))
    }
}
