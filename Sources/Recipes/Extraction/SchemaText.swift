import HTMLText

/// How text from a page's JSON-LD becomes display text: character references decoded (twice,
/// because pages escape `&amp;amp;`), tags removed, every run of whitespace one space.
enum SchemaText {
    static func normalize(_ text: String) -> String {
        guard
            text.contains(where: {
                $0 == "&" || $0 == "<" || $0 == "(" || $0.isWhitespace || $0 == "\u{200B}" || $0 == "\u{C2}"
            })
        else {
            return text
        }
        let decoded = CharacterReferences.decode(withoutTags(CharacterReferences.decode(text)))
            .replacing("\u{C2}\u{A0}", with: " ").replacing("\u{200B}", with: "")
        return singleParentheses(decoded).collapsingWhitespace
    }

    /// `text` with everything from `<` to the next `>` removed; a `<` with no `>` after it is a
    /// less-than sign and stays.
    static func withoutTags(_ text: String) -> String {
        text.removingRuns(from: "<", to: ">")
    }

    /// Recipe plugins wrap notes in parentheses of their own: "butter ((1/2 cup))" becomes
    /// "butter (1/2 cup)". Each `((` pairs with the first `))` after it on the same line, as the
    /// pattern `\(\((.*?)\)\)` does, in one pass over each line.
    static func singleParentheses(_ text: String) -> String {
        guard text.contains("((") else { return text }
        var result = ""
        var rest = text[...]
        while !rest.isEmpty {
            let lineEnd = rest.firstIndex(where: \.isNewline).map { rest.index(after: $0) } ?? rest.endIndex
            var line = rest[..<lineEnd]
            rest = rest[lineEnd...]
            while let open = line.firstRange(of: "(("), let close = line[open.upperBound...].firstRange(of: "))") {
                result += line[..<open.lowerBound] + "(" + line[open.upperBound..<close.lowerBound] + ")"
                line = line[close.upperBound...]
            }
            result += line
        }
        return result
    }
}
