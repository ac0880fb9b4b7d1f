import Foundation

/// The address of one Client-Server API (v3) endpoint on a homeserver: every path segment and
/// query value percent-encoded with only RFC 3986's unreserved characters left as they are, so a
/// room id (`!a:b`), an alias (`#a:b`) or a transaction id holding `/`, `?`, `#` or spaces stays one
/// segment.
package enum MatrixPath {
    /// The URL of `/_matrix/client/v3/SEGMENTS?QUERY` on `homeserver` (its own path, if any, kept
    /// as a prefix).
    package static func url(on homeserver: URL, _ segments: [String], query: [(String, String)] = []) -> String {
        var base = homeserver.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var url = base + "/_matrix/client/v3/" + segments.map(encoded).joined(separator: "/")
        if !query.isEmpty {
            url += "?" + query.map { encoded($0.0) + "=" + encoded($0.1) }.joined(separator: "&")
        }
        return url
    }

    /// `text` with every byte of its UTF-8 outside `A–Z a–z 0–9 - . _ ~` written `%XX`.
    package static func encoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
            }
        }
        return result
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
