extension IRCMessage {
    /// Parses one line without its line ending. Text that is not valid UTF-8 is read as Latin-1
    /// (what older clients send), so no byte sequence makes it fail; a line with no command
    /// (empty, only tags or a prefix) gives nil. At most ``maximumTags`` tags are read, and at
    /// most 15 parameters (RFC 1459): the fifteenth takes the rest of the line.
    package init?(line bytes: some Collection<UInt8>) {
        let text = Self.decodeText(bytes)
        var rest = Substring(text)
        var tags: [String: String] = [:]
        if rest.first == "@" {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            tags = Self.parseTags(rest[rest.index(after: rest.startIndex)..<space])
            rest = rest[space...].drop { $0 == " " }
        }
        var source: String?
        if rest.first == ":" {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            source = String(rest[rest.index(after: rest.startIndex)..<space])
            rest = rest[space...].drop { $0 == " " }
        }
        let commandEnd = rest.firstIndex(of: " ") ?? rest.endIndex
        let command = rest[..<commandEnd]
        guard !command.isEmpty else { return nil }
        rest = rest[commandEnd...].drop { $0 == " " }
        var parameters: [String] = []
        while !rest.isEmpty {
            if rest.first == ":" || parameters.count == Self.maximumParameters - 1 {
                parameters.append(String(rest.first == ":" ? rest.dropFirst() : rest))
                break
            }
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            parameters.append(String(rest[..<end]))
            rest = rest[end...].drop { $0 == " " }
        }
        self.init(tags: tags, source: source, command: command.uppercased(), parameters: parameters)
    }

    /// UTF-8 when the bytes are valid UTF-8, otherwise Latin-1 (each byte one character).
    static func decodeText(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    /// Tags read from one line; the rest are ignored.
    static let maximumTags = 64
    /// Parameters read from one line.
    static let maximumParameters = 15

    /// `key=value;key2` with IRCv3 value escapes (`\:` `;`, `\s` space, `\\`, `\r`, `\n`); at
    /// most ``maximumTags`` of them.
    static func parseTags(_ text: Substring) -> [String: String] {
        var tags: [String: String] = [:]
        for item in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard tags.count < maximumTags else { break }
            guard let equals = item.firstIndex(of: "=") else {
                tags[String(item)] = ""
                continue
            }
            tags[String(item[..<equals])] = unescapeTagValue(item[item.index(after: equals)...])
        }
        return tags
    }

    static func unescapeTagValue(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var result = ""
        var escaping = false
        for character in value.unicodeScalars {
            if escaping {
                switch character {
                case ":": result.unicodeScalars.append(";")
                case "s": result.unicodeScalars.append(" ")
                case "r": result.unicodeScalars.append("\r")
                case "n": result.unicodeScalars.append("\n")
                default: result.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
