/// A JSON object whose values are all plain strings (no escape, no control character), such as
/// `{"user": "ada", "text": "/lunch"}`: the form nearly every JSON API request takes, read here
/// without the cost of a `JSONDecoder`.
///
/// Anything else (another kind of value, an escape, a key given twice, text that is not UTF-8)
/// reads as nil, and the caller hands the body to `JSONDecoder`, which reads it or says what is
/// wrong with it. What this reads, `JSONDecoder` reads the same. So does an object of more than
/// ``maximumMembers`` members: the few a request has are kept in a list, not hashed.
struct PlainJSONObject {
    /// An object's members in the order given, each key once.
    struct Members {
        fileprivate var pairs: [(key: String, value: String)] = []

        /// The value of `key`, if the object has it.
        subscript(key: String) -> String? {
            pairs.first { $0.key == key }?.value
        }
    }

    /// The most members read here.
    static let maximumMembers = 16

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The object's members by key, or nil when `body` is not such an object.
    static func members(of body: [UInt8]) -> Members? {
        var reader = PlainJSONObject(body)
        return reader.object()
    }

    private mutating func object() -> Members? {
        guard skip(UInt8(ascii: "{")) else { return nil }
        var members = Members()
        members.pairs.reserveCapacity(4)
        if !skip(UInt8(ascii: "}")) {
            repeat {
                guard members.pairs.count < Self.maximumMembers, let key = string(), skip(UInt8(ascii: ":")),
                    let value = string(), members[key] == nil
                else { return nil }
                members.pairs.append((key, value))
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
