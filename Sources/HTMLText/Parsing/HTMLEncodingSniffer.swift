/// Decides how to read the bytes of a page that may or may not say its encoding.
enum HTMLEncodingSniffer {
    /// The encoding the page declares itself: a byte order mark, or `charset=` in the first 16 KB
    /// (where `<meta charset>` and `http-equiv` declarations sit).
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        let head = String(decoding: bytes.prefix(16384), as: UTF8.self).lowercased()
        guard let range = head.range(of: "charset=") else { return nil }
        let value = head[range.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
            .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return value.isEmpty ? nil : String(value)
    }

    /// The encoding for a page that declares none: UTF-8 when the bytes are valid UTF-8, else
    /// Windows-1252 (what browsers assume for Western pages).
    static func fallback(for bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) == nil ? "windows-1252" : "UTF-8"
    }
}
