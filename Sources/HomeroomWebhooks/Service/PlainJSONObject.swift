/// A JSON object whose values are all plain strings (no escape, no control character), such as
/// `{"user": "ada", "text": "/lunch"}`: the form nearly every JSON API request takes, read here
/// without the cost of a `JSONDecoder`.
///
/// Anything else (another kind of value, an escape, a key given twice, text that is not UTF-8)
/// reads as nil, and the caller hands the body to `JSONDecoder`, which reads it or says what is
/// wrong with it. What this reads, `JSONDecoder` reads the same.
struct PlainJSONObject {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The object's members by key, or nil when `body` is not such an object.
    static func members(of body: [UInt8]) -> [String: String]? {
        var reader = PlainJSONObject(body)
        return reader.object()
    }

    private mutating func object() -> [String: String]? {
        guard skip(UInt8(ascii: "{")) else { return nil }
        var members: [String: String] = [:]
        members.reserveCapacity(4)
        if !skip(UInt8(ascii: "}")) {
            repeat {
                guard let key = string(), skip(UInt8(ascii: ":")), let value = string(),
                    members.updateValue(value, forKey: key) == nil
                else { return nil }
            } while skip(UInt8(ascii: ","))
            guard skip(UInt8(ascii: "}")) else { return nil }
        }
        skipSpace()
        return index == bytes.count ? members : nil
    }

    /// A string without escapes or control characters, after optional white space.
    private mutating func string() -> String? {
        guard skip(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(validating: bytes[start..<index - 1], as: UTF8.self) }
            guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
        }
        return nil
    }

    /// Skips white space, then `byte` if it comes next; false when something else does.
    private mutating func skip(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
