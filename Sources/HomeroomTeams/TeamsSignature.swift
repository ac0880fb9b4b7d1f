import Crypto
import Foundation
import HomeroomWebhooks

/// Teams outgoing-webhook signing: `Authorization: HMAC BASE64(HMAC-SHA256(BASE64DECODE(secret), BODY))`.
struct TeamsSignature: Sendable {
    /// The decoded secret (`SymmetricKey` is not `Sendable`; a key is made for each check).
    let key: [UInt8]

    /// Nil when `secret` is not base64 (the settings check this at start-up).
    init?(secret: String) {
        guard let bytes = Data(base64Encoded: secret), !bytes.isEmpty else { return nil }
        key = Array(bytes)
    }

    /// The HMAC an `Authorization` header names (`HMAC` and base64), or nil.
    static func code(in authorization: String) -> [UInt8]? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "hmac",
            let code = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return Array(code)
    }

    /// True when `code` signs `body`.
    func isValid(code: [UInt8], body: some Collection<UInt8>) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Array(body), using: SymmetricKey(data: key))
    }
}
