import Crypto
import HomeroomWebhooks

/// Meta's webhook signing, as "Webhooks — Getting started: Validate payloads" describes it: every
/// event notification carries `X-Hub-Signature-256: sha256=HEX`, the HMAC-SHA256 of the exact
/// body bytes keyed by the app's secret, in lowercase hexadecimal.
package enum WhatsAppSignature {
    /// `sha256=` and the lowercase hex HMAC-SHA256 of `body` keyed by `appSecret`.
    package static func header(for body: some Sequence<UInt8>, appSecret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(body), using: SymmetricKey(data: Array(appSecret.utf8)))
        return "sha256="
            + code.map { byte in
                let hex = Array("0123456789abcdef".utf8)
                return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }.joined()
    }

    /// The signature's 32 bytes when `header` is `sha256=` and 64 hex digits (either case); nil otherwise.
    package static func bytes(of header: String) -> [UInt8]? {
        let prefix = "sha256="
        guard header.utf8.count == prefix.utf8.count + 64, header.lowercased().hasPrefix(prefix) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var high: UInt8?
        for character in header.utf8.dropFirst(prefix.utf8.count) {
            guard let nibble = Self.nibble(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    /// True when `header` signs `body` with `appSecret`; compared in constant time.
    package static func isValid(_ header: String, for body: [UInt8], appSecret: String) -> Bool {
        guard let given = bytes(of: header) else { return false }
        let expected = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Array(appSecret.utf8)))
        return ConstantTime.equal(Array(expected), given)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
