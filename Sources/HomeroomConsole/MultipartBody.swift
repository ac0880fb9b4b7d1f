/// The parts of a `multipart/form-data` body (RFC 7578, over RFC 2046's delimiters), read
/// strictly: each part's header lines are `Name: value` with a name of ASCII letters, digits and
/// `-`, and the body ends with the closing delimiter. Anything else is not a body a browser sends.
///
/// Homeroom reads these bytes itself rather than through MultipartKit 4.7.1, whose parser traps on a
/// header name byte above 127 (`Tests/Fixtures/hostile/fuzz/ConsoleForms`): one such post would stop
/// the server.
struct MultipartBody {
    /// One part: its headers, names lowercased, and its bytes.
    struct Part {
        let headers: [String: String]
        let body: ArraySlice<UInt8>
    }

    /// What was wrong with the body.
    struct Malformed: Error {}

    /// The parts.
    let parts: [Part]

    /// Reads `bytes` delimited by `boundary`, keeping at most `maximumParts`.
    init(_ bytes: ArraySlice<UInt8>, boundary: String, maximumParts: Int) throws(Malformed) {
        let delimiter = Array("--\(boundary)".utf8)
        guard var index = Self.find(delimiter, in: bytes, from: bytes.startIndex, atLineStart: true) else {
            throw Malformed()
        }
        var parts: [Part] = []
        while true {
            index += delimiter.count
            if Self.starts(with: Array("--".utf8), in: bytes, at: index) { break }
            guard Self.starts(with: Self.lineEnd, in: bytes, at: index) else { throw Malformed() }
            index += Self.lineEnd.count
            guard let end = Self.find(Self.lineEnd + delimiter, in: bytes, from: index, atLineStart: false) else {
                throw Malformed()
            }
            parts.append(try Self.part(bytes[index..<end]))
            guard parts.count <= maximumParts else { throw Malformed() }
            index = end + Self.lineEnd.count
        }
        self.parts = parts
    }

    private static let lineEnd = Array("\r\n".utf8)

    /// One part's headers and body, split at the first empty line.
    private static func part(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> Part {
        var headers: [String: String] = [:]
        var index = bytes.startIndex
        while !starts(with: lineEnd, in: bytes, at: index) {
            guard let end = find(lineEnd, in: bytes, from: index, atLineStart: false), headers.count < 16 else {
                throw Malformed()
            }
            let line = bytes[index..<end]
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy({ isNameByte($0) }),
                let value = String(validating: line[(colon + 1)...], as: UTF8.self)
            else { throw Malformed() }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            headers[name] = value.trimmingCharacters(in: .whitespaces)
            index = end + lineEnd.count
        }
        return Part(headers: headers, body: bytes[(index + lineEnd.count)...])
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }

    /// True when `bytes` holds `pattern` at `index`.
    private static func starts(with pattern: [UInt8], in bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        guard index >= bytes.startIndex, index + pattern.count <= bytes.endIndex else { return false }
        return bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    /// Where `pattern` first stands in `bytes` at or after `start`: anywhere, or only at the start
    /// of `bytes` or after a line end.
    private static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int, atLineStart: Bool)
        -> Int?
    {
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= bytes.endIndex {
            guard let next = bytes[index...].firstIndex(of: first) else { return nil }
            // The line start first: it is two bytes, the pattern up to 72.
            if !atLineStart || next == bytes.startIndex || starts(with: lineEnd, in: bytes, at: next - 2),
                starts(with: pattern, in: bytes, at: next)
            {
                return next
            }
            index = next + 1
        }
        return nil
    }
}
