/// A JSON value with the line it starts on, so that the errors of a file an admin wrote (a campus
/// file, a menu export) can name the line.
///
/// Foundation's decoders report a coding path, not a line; an admin fixing a 2,000-line file needs
/// the line. Foundation's `JSONSerialization` also takes some 150 bytes of memory for each byte of a
/// file of small objects. This reader is strict RFC 8259 JSON (no comments, no trailing commas); it
/// counts what it reads against ``JSONLimits`` as it goes, so a file past a limit is refused before
/// it costs more than the limit allows, and its time and memory grow linearly with the file.
public struct LocatedJSON: Sendable {
    /// The value itself.
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        /// The members in file order; a key given twice is an error when read.
        case object([Member])
    }

    /// One member of an object: its key, the key's line, and the value.
    public struct Member: Sendable {
        public let key: String
        public let line: Int
        public let value: LocatedJSON
    }

    /// The value.
    public let value: Value
    /// The 1-based line the value starts on.
    public let line: Int

    /// Reads one JSON document within `limits`; throws ``JSONSyntaxError`` with the line of the first
    /// problem.
    public static func parse(_ bytes: some Collection<UInt8>, limits: JSONLimits) throws(JSONSyntaxError)
        -> LocatedJSON
    {
        var reader = Reader(bytes: Array(bytes), limits: limits)
        reader.skipByteOrderMark()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.error("unexpected text after the end of the document") }
        return value
    }

    /// What the value is, for errors: "a string", "an object".
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

private struct Reader {
    let bytes: [UInt8]
    let limits: JSONLimits
    var position = 0
    var line = 1
    /// The values read so far, counted against ``JSONLimits/maximumValues``.
    var valueCount = 0
    /// At each depth, the members of the object being read there: reused from object to object, so
    /// that each object's own list is allocated once, at its exact size.
    var memberScratch: [[LocatedJSON.Member]] = []
    /// The memory the values read so far take, as ``charge(_:)`` estimates it.
    var memory = 0
    /// The most memory the document's values may take (``JSONLimits/memoryBudget(forDocumentOf:)``).
    let memoryBudget: Int

    init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
        memoryBudget = limits.memoryBudget(forDocumentOf: bytes.count)
    }

    /// What a list element's slot takes (a list is charged for the slots it allocates).
    static let elementBytes = MemoryLayout<LocatedJSON>.stride
    /// What a member's slot takes: its key, line and value (in its object's exact-size list, and in
    /// the scratch list it is gathered in while the object is read).
    static let memberBytes = MemoryLayout<LocatedJSON.Member>.stride
    /// What a non-empty list or object takes beyond its slots: its allocation's header.
    static let containerBytes = 48

    /// Counts `bytes` more of memory against the budget; refuses the document past it.
    mutating func charge(_ bytes: Int) throws(JSONSyntaxError) {
        memory += bytes
        guard memory <= memoryBudget else {
            throw error("the document's values would take more than \(memoryBudget >> 20) MB to hold")
        }
    }

    /// Counts the memory a string read from the document takes beyond its slot (none when it is short
    /// enough to be stored inside the slot).
    mutating func charge(_ text: String) throws(JSONSyntaxError) {
        let count = text.utf8.count
        if count > 15 { try charge(count + Self.containerBytes) }
    }

    var atEnd: Bool { position >= bytes.count }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

    mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            position += 1
        }
    }

    mutating func readValue(depth: Int) throws(JSONSyntaxError) -> LocatedJSON {
        skipWhitespace()
        guard depth < limits.maximumDepth else {
            throw error("the document nests deeper than \(limits.maximumDepth) levels")
        }
        guard position < bytes.count else { throw error("the document ends where a value should be") }
        valueCount += 1
        guard valueCount <= limits.maximumValues else {
            throw error("the document holds more than \(limits.maximumValues) values")
        }
        let start = line
        switch bytes[position] {
        case UInt8(ascii: "{"): return LocatedJSON(value: .object(try readMembers(depth: depth)), line: start)
        case UInt8(ascii: "["): return LocatedJSON(value: .array(try readElements(depth: depth)), line: start)
        case UInt8(ascii: "\""):
            let text = try readString()
            try charge(text)
            return LocatedJSON(value: .string(text), line: start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return LocatedJSON(value: .bool(true), line: start)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return LocatedJSON(value: .bool(false), line: start)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return LocatedJSON(value: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(value: .number(try readNumber()), line: start)
        case let byte:
            throw error("unexpected \(Self.describe(byte)) where a value should be")
        }
    }

    mutating func readMembers(depth: Int) throws(JSONSyntaxError) -> [LocatedJSON.Member] {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return []
        }
        while memberScratch.count <= depth { memberScratch.append([]) }
        memberScratch[depth].removeAll(keepingCapacity: true)
        try charge(Self.containerBytes)
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let keyLine = line
            let key = try readString()
            try charge(key)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key.excerpt)\"")
            }
            position += 1
            let value = try readValue(depth: depth + 1)
            let capacity = memberScratch[depth].capacity
            memberScratch[depth].append(LocatedJSON.Member(key: key, line: keyLine, value: value))
            try charge((memberScratch[depth].capacity - capacity + 1) * Self.memberBytes)
            skipWhitespace()
            guard position < bytes.count else { throw error("the document ends inside an object") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                // A copy, never the scratch list's own storage, which stays here for the next object.
                var members: [LocatedJSON.Member] = []
                members.reserveCapacity(memberScratch[depth].count)
                members.append(contentsOf: memberScratch[depth])
                return members
            case let byte: throw error("expected ',' or '}' after a member, found \(Self.describe(byte))")
            }
        }
    }

    mutating func readElements(depth: Int) throws(JSONSyntaxError) -> [LocatedJSON] {
        position += 1
        var elements: [LocatedJSON] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        try charge(Self.containerBytes)
        while true {
            let value = try readValue(depth: depth + 1)
            let capacity = elements.capacity
            elements.append(value)
            try charge((elements.capacity - capacity) * Self.elementBytes)
            skipWhitespace()
            guard position < bytes.count else { throw error("the document ends inside a list") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return elements
            case let byte: throw error("expected ',' or ']' after a list element, found \(Self.describe(byte))")
            }
        }
    }

    mutating func readLiteral(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard bytes[position...].starts(with: expected) else {
            throw error("unexpected \(Self.describe(bytes[position])) where a value should be")
        }
        position += expected.count
    }

    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        // No number is read past its longest length, however many digits follow.
        let end = Swift.min(bytes.count, start + limits.maximumNumberLength)
        // The digits as a whole number, while there are few enough for a Double to hold exactly.
        var mantissa: UInt64 = 0
        var digitCount = 0
        while position < end, Self.isDigit(bytes[position]) {
            if digitCount < Self.exactDigits { mantissa = mantissa * 10 + UInt64(bytes[position] &- UInt8(ascii: "0")) }
            digitCount += 1
            position += 1
        }
        try checkNumberLength(end: end)
        guard position > digitsStart else { throw error("a number needs digits after '-'") }
        if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1 {
            throw error("a number cannot start with 0")
        }
        var fractionDigits = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < end, Self.isDigit(bytes[position]) {
                if digitCount < Self.exactDigits {
                    mantissa = mantissa * 10 + UInt64(bytes[position] &- UInt8(ascii: "0"))
                }
                digitCount += 1
                position += 1
            }
            try checkNumberLength(end: end)
            fractionDigits = position - fractionStart
            guard fractionDigits > 0 else { throw error("a number needs digits after '.'") }
        }
        var hasExponent = false
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < end, Self.isDigit(bytes[position]) { position += 1 }
            try checkNumberLength(end: end)
            guard position > exponentStart else { throw error("a number needs digits in its exponent") }
        }
        // Up to 15 digits and no exponent: the whole number and the power of ten are exact, so one
        // division rounds correctly, as reading the text would.
        if !hasExponent, digitCount <= Self.exactDigits {
            let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        guard let number = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            throw error("unreadable number")
        }
        return number
    }

    /// Refuses a number that goes on where its reading stopped at `end`, its longest length.
    func checkNumberLength(end: Int) throws(JSONSyntaxError) {
        guard position == end, end < bytes.count else { return }
        switch bytes[end] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            throw error("a number is longer than \(limits.maximumNumberLength) characters")
        default:
            return
        }
    }

    /// The most digits read as a whole number: 10^15 < 2^53, so a Double holds them exactly.
    static let exactDigits = 15
    /// 10^0 … 10^15, each exact in a Double.
    static let powersOfTen: [Double] = (0...exactDigits).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1
        var run = position
        // Most strings have no escape: their text is the bytes between the quotes.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 {
            if bytes[position] == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[run..<position], as: UTF8.self)
                position += 1
                return text
            }
            position += 1
        }
        var scalars = String.UnicodeScalarView()
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                flush(position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(position)
                position += 1
                scalars.append(try readEscape())
                run = position
            case 0x00..<0x20:
                throw error(
                    byte == 0x0A ? "a string is missing its closing quote" : "a control character inside a string")
            default:
                position += 1
            }
        }
        throw error("a string is missing its closing quote")
    }

    mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard position < bytes.count else { throw error("the document ends inside an escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHexQuad()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw error("a \\u escape is half of a surrogate pair")
                }
                position += 2
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape is half of a surrogate pair") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("a \\u escape is half of a surrogate pair") }
            return scalar
        default:
            throw error("unknown escape \\\(Self.describe(byte))")
        }
    }

    mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("a \\u escape needs four hex digits") }
        position += 4
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
