/// TEXT value escapes (RFC 5545 §3.3.11) and parameter value escapes (RFC 6868).
enum TextEscaping {
    /// A TEXT value as written: `\`, `;`, `,` escaped and line breaks as `\n`.
    static func escape(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\", ";", ",": result += "\\\(scalar)"
            case "\n": result += "\\n"
            case "\r": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\n`/`\N` → newline, `\,` `\;` `\\` → the character; an unknown escape keeps its character.
    static func unescape(_ value: Substring) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return String(value) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        var escaped = false
        for byte in value.utf8 {
            if escaped {
                bytes.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        if escaped { bytes.append(UInt8(ascii: "\\")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Splits a list value on commas that are not escaped (`EXDATE`, `CATEGORIES`).
    static func splitList(_ value: Substring) -> [Substring] {
        guard value.utf8.contains(UInt8(ascii: "\\")) else {
            return value.utf8.split(separator: UInt8(ascii: ",")).map { Substring($0) }
        }
        var parts: [Substring] = []
        var start = value.startIndex
        var index = value.startIndex
        var escaped = false
        while index < value.endIndex {
            let character = value[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                if start < index { parts.append(value[start..<index]) }
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        if start < value.endIndex { parts.append(value[start...]) }
        return parts
    }

    /// RFC 6868: `^n` → newline, `^'` → `"`, `^^` → `^`; any other `^` stays.
    static func decodeParameter(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "^")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "^"), index + 1 < bytes.count {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"):
                    out.append(0x0A)
                    index += 2
                    continue
                case UInt8(ascii: "'"):
                    out.append(UInt8(ascii: "\""))
                    index += 2
                    continue
                case UInt8(ascii: "^"):
                    out.append(UInt8(ascii: "^"))
                    index += 2
                    continue
                default: break
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
