import Foundation

extension Data {
    /// The bytes in base64url without padding (RFC 4648 §5), as tokens in links and cookies are written.
    package var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Reads base64url without padding; nil for other characters.
    package init?(base64URL text: some StringProtocol) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        switch base64.utf8.count % 4 {
        case 2: base64 += "=="
        case 3: base64 += "="
        case 1: return nil
        default: break
        }
        guard let data = Data(base64Encoded: base64) else { return nil }
        self = data
    }
}
