/// A notification's lines as the messages that carry it: whole lines together up to a length,
/// a longer line cut at a space where it can be. Lengths are counted in UTF-16 units, never fewer
/// than WhatsApp's characters.
package enum WhatsAppTextParts {
    /// The longest text message body: "text.body … Maximum 4096 characters" (Cloud API reference,
    /// "Text messages").
    package static let maximumTextLength = 4_096
    /// The longest text given to a template's `{{1}}`: the template's whole body may hold 1,024
    /// characters ("Message templates — Components: Body"), and its own words need some of them.
    package static let maximumParameterLength = 900
    /// The most messages one notification becomes.
    package static let maximumParts = 10

    /// `lines` joined by line breaks, cut into texts of at most `limit` units, at line breaks
    /// where possible.
    package static func texts(_ lines: [String], limit: Int = maximumTextLength) -> [String] {
        pack(lines, separator: "\n", limit: limit)
    }

    /// `lines` as template parameters: a parameter may hold no line break, tab or more than four
    /// spaces in a row (Cloud API error 132018), so lines are joined by " · " and spaces squeezed.
    package static func templateParameters(_ lines: [String], limit: Int = maximumParameterLength) -> [String] {
        let flat = lines.map(flattened).filter { !$0.isEmpty }
        return pack(flat, separator: " · ", limit: limit)
    }

    /// `text` with each run of whitespace (line breaks and tabs included) as one space, trimmed.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    private static func pack(_ lines: [String], separator: String, limit: Int) -> [String] {
        let limit = max(16, limit)
        var parts: [String] = []
        var current = ""
        for line in lines.flatMap({ cut($0, limit: limit) }) {
            if current.isEmpty {
                current = line
            } else if current.utf16.count + separator.utf16.count + line.utf16.count <= limit {
                current += separator + line
            } else {
                parts.append(current)
                current = line
            }
        }
        if !current.isEmpty { parts.append(current) }
        return Array(parts.prefix(maximumParts))
    }

    /// `line` in pieces of at most `limit` units, cut after a space where one is in the second half.
    /// Pieces are cut between Unicode scalars, so that a character of many combining marks cannot
    /// make one longer than the limit.
    private static func cut(_ line: String, limit: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(line).unicodeScalars
        var remaining = line.utf16.count
        while remaining > limit {
            var units = 0
            var end = rest.startIndex
            var lastSpace: (index: String.UnicodeScalarView.Index, units: Int)?
            for index in rest.indices {
                let width = rest[index].utf16.count
                guard units + width <= limit else { break }
                units += width
                end = rest.index(after: index)
                if rest[index] == " ", units > limit / 2 { lastSpace = (end, units) }
            }
            let cutAt = lastSpace ?? (end, units)
            pieces.append(String(rest[..<cutAt.index]))
            rest = rest[cutAt.index...]
            remaining -= cutAt.units
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(String(rest)) }
        return pieces
    }
}
