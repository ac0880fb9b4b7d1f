/// Splits a command's text into words, keeping double-quoted text together.
///
/// `set specials "Chicken tacos; Veggie pizza" fries yes` gives five words. Typographic quotes
/// (`“…”`, as phones type them) work like `"`. Inside quotes, `\"` is a quote and `\\` a backslash.
/// An empty pair of quotes is an empty word.
package enum ArgumentTokenizer {
    /// The text had an opening quote and no closing one.
    package struct UnclosedQuote: Error, Equatable {}

    /// Returns the words of `text`. Quotes, backslashes and spaces are read scalar by scalar, so
    /// that a combining mark right after a quote (or a prepended mark right before one) belongs
    /// to the word and never hides the quote.
    package static func words(in text: String) throws(UnclosedQuote) -> [String] {
        if let plain = plainASCIIWords(in: text) { return plain }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var closingQuote: Unicode.Scalar?
        var escaping = false

        for scalar in text.unicodeScalars {
            if let closing = closingQuote {
                if escaping {
                    current.append(scalar)
                    escaping = false
                } else if scalar == "\\" {
                    escaping = true
                } else if scalar == closing || (closing == "”" && scalar == "\"") {
                    closingQuote = nil
                } else {
                    current.append(scalar)
                }
            } else if scalar.properties.isWhitespace {
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    inWord = false
                }
            } else if let closing = Self.closingQuote(for: scalar) {
                closingQuote = closing
                inWord = true
            } else {
                current.append(scalar)
                inWord = true
            }
        }
        if closingQuote != nil { throw UnclosedQuote() }
        if inWord { words.append(String(current)) }
        return words
    }

    /// `word` as one word of a command's text, whatever it holds: in double quotes, with backslashes and
    /// `"` escaped, so that ``words(in:)`` reads it back as it was.
    package static func quoted(_ word: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in word.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
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

    private static func closingQuote(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "\"": "\""
        case "“": "”"
        default: nil
        }
    }
}
