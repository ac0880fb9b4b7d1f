/// Splits a command's text into words, keeping double-quoted text together.
///
/// `set specials "Chicken tacos; Veggie pizza" fries yes` gives five words. Typographic quotes
/// (`“…”`, as phones type them) work like `"`. Inside quotes, `\"` is a quote and `\\` a backslash.
/// An empty pair of quotes is an empty word.
package enum ArgumentTokenizer {
    /// The text had an opening quote and no closing one.
    package struct UnclosedQuote: Error, Equatable {}

    /// Returns the words of `text`.
    package static func words(in text: String) throws(UnclosedQuote) -> [String] {
        if let plain = plainASCIIWords(in: text) { return plain }
        var words: [String] = []
        var current = ""
        var inWord = false
        var closingQuote: Character?
        var escaping = false

        for character in text {
            if let closing = closingQuote {
                if escaping {
                    current.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == closing || (closing == "”" && character == "\"") {
                    closingQuote = nil
                } else {
                    current.append(character)
                }
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else if let closing = Self.closingQuote(for: character) {
                closingQuote = closing
                inWord = true
            } else {
                current.append(character)
                inWord = true
            }
        }
        if closingQuote != nil { throw UnclosedQuote() }
        if inWord { words.append(current) }
        return words
    }

    /// The words of pure-ASCII text without quotes or backslashes, split on bytes; nil for any other text.
    private static func plainASCIIWords(in text: String) -> [String]? {
        var words: [String] = []
        var start: String.UTF8View.Index?
        let utf8 = text.utf8
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return nil }
            let isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if isSpace {
                if let wordStart = start {
                    words.append(String(text[wordStart..<index]))
                    start = nil
                }
            } else if start == nil {
                start = index
            }
        }
        if let wordStart = start { words.append(String(text[wordStart...])) }
        return words
    }

    private static func closingQuote(for character: Character) -> Character? {
        switch character {
        case "\"": "\""
        case "“": "”"
        default: nil
        }
    }
}
