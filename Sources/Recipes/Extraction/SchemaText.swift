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
            // Recipe plugins wrap notes in parentheses of their own: "butter ((1/2 cup))".
            .replacing(#/\(\((.*?)\)\)/#) { "(\($0.output.1))" }
        return decoded.collapsingWhitespace
    }

    /// `text` with everything from `<` to the next `>` removed; a `<` with no `>` after it is a
    /// less-than sign and stays.
    static func withoutTags(_ text: String) -> String {
        text.contains("<") ? text.replacing(#/<[^>]*>/#, with: "") : text
    }
}
