import Crypto
import Foundation
import HomeroomWebhooks

/// The token of a one-click unsubscribe link: `v1.ADDRESS.EXPIRY.MAC`, where ADDRESS is the
/// address in base64url, EXPIRY the second it stops working (Unix time) and MAC the
/// HMAC-SHA256 over both with `webhooks.email.unsubscribeSecret`. Only this server can make one,
/// and one works only for its address, until it expires.
package enum UnsubscribeToken {
    /// How long a link works after its e-mail was sent.
    package static let lifetime: TimeInterval = 60 * 86_400
    /// The longest token read: an address of 254 bytes takes 340 characters.
    static let maximumLength = 512
    private static let version = "v1"

    /// Why a token was refused.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Not a token's shape: cut short or mangled on the way.
        case malformed
        /// Not signed with this server's secret, or changed since.
        case forged
        /// Signed, but past its expiry.
        case expired

        package var description: String {
            switch self {
            case .malformed: "the unsubscribe token is malformed"
            case .forged: "the unsubscribe token's signature does not hold"
            case .expired: "the unsubscribe token has expired"
            }
        }
    }

    /// A token for `address`, working until `expires`.
    package static func make(for address: EmailAddress, expires: Date, secret: String) -> String {
        let seconds = Int64(expires.timeIntervalSince1970.rounded(.down))
        let encodedAddress = base64URL(Array(address.description.utf8))
        return [version, encodedAddress, String(seconds), base64URL(mac(address, seconds, secret: secret))]
            .joined(separator: ".")
    }

    /// The address `token` unsubscribes, once its signature holds and it has not expired at `now`.
    package static func verify(_ token: String, secret: String, now: Date) throws(Refusal) -> EmailAddress {
        guard token.utf8.count <= maximumLength else { throw .malformed }
        let parts = token.split(separator: ".", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == version, let addressBytes = bytes(base64URL: parts[1]),
            let address = EmailAddress(String(decoding: addressBytes, as: UTF8.self)),
            address.description.utf8.elementsEqual(addressBytes),
            (1...12).contains(parts[2].utf8.count), parts[2].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int64(parts[2]), let signature = bytes(base64URL: parts[3])
        else { throw .malformed }
        guard ConstantTime.equal(signature, mac(address, seconds, secret: secret)) else { throw .forged }
        guard Double(seconds) > now.timeIntervalSince1970 else { throw .expired }
        return address
    }

    /// HMAC-SHA256 over a label, the address and the expiry, each ended by a NUL byte (neither
    /// can hold one), so that no other message signed with the secret reads as a token.
    private static func mac(_ address: EmailAddress, _ seconds: Int64, secret: String) -> [UInt8] {
        let message = "homeroom-email-unsubscribe\u{0}\(address)\u{0}\(seconds)\u{0}"
        let key = SymmetricKey(data: Array(secret.utf8))
        return Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key))
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of unpadded base64url text; nil for any other character.
    private static func bytes(base64URL text: Substring) -> [UInt8]? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            })
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
