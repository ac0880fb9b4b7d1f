extension IRCMessage {
    /// The line as bytes, with its CR LF. CR, LF and NUL inside any part are dropped (checked on
    /// Unicode scalars: `"\r\n"` is one `Character` in Swift, so a check on characters would miss
    /// it), so text from a user can never start a second command. A space in a middle parameter
    /// (which would split it in two) becomes `_`.
    package var serialized: [UInt8] {
        var line = ""
        if !tags.isEmpty {
            line += "@"
            line += tags.keys.sorted().map { key in
                let value = tags[key]!
                return value.isEmpty ? Self.clean(key) : "\(Self.clean(key))=\(Self.escapeTagValue(value))"
            }.joined(separator: ";")
            line += " "
        }
        if let source { line += ":\(Self.clean(source)) " }
        line += Self.clean(command)
        for (index, parameter) in parameters.enumerated() {
            let text = Self.clean(parameter)
            let isLast = index == parameters.count - 1
            if isLast && (text.isEmpty || text.contains(" ") || text.hasPrefix(":")) {
                line += " :" + text
            } else {
                line += " " + text.replacingOccurrences(of: " ", with: "_")
            }
        }
        return Array(line.utf8) + [13, 10]
    }

    /// `text` without CR, LF and NUL.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar != "\r" && scalar != "\n" && scalar != "\0" {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    static func escapeTagValue(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case ";": result.append(contentsOf: "\\:".unicodeScalars)
            case " ": result.append(contentsOf: "\\s".unicodeScalars)
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
