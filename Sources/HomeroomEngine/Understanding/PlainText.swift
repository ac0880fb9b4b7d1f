import Foundation

/// A message cut into the words plain language reads: lowercase, each word also without accents
/// and apostrophes, and punctuation, emoji and symbols dropped.
///
/// `-`, `/`, `:` and `.` stay inside a word between letters or digits (`b-201`, `12/3`, `7:30`),
/// so that codes, dates and times survive. At most ``maximumWords`` words of the first
/// ``maximumCharacters`` characters (Unicode scalars) are read.
package struct PlainText: Sendable, Equatable {
    /// One word.
    package struct Word: Sendable, Equatable {
        /// As typed, lowercase.
        package var typed: String
        /// Without accents or apostrophes: what is compared.
        package var folded: String
        /// ``folded``, or the word it is a misspelling or a chat spelling of.
        package var read: String
        /// True when the word starts with a digit (`3`, `3rd`, `12/3`, `201b`).
        package var isNumeric: Bool
        /// True when the word is letters alone, which is all a misspelling is looked for in.
        package var isLetters: Bool
        /// True when punctuation that ends a clause (`.`, `,`, `;`, `?`, `!`, a new line) comes
        /// between the word before and this one.
        package var afterBreak = false
    }

    /// The most characters (Unicode scalars) read of a message.
    package static let maximumCharacters = 1_000
    /// The most words read of a message.
    package static let maximumWords = 64

    /// The words, in order.
    package var words: [Word]

    /// Cuts `text` into words.
    package init(_ text: String) {
        var words: [Word] = []
        // The word being read, as UTF-8, and what it holds.
        var current: [UInt8] = []
        var startsWithDigit = false
        var lettersOnly = true
        var pendingJoiner: Unicode.Scalar?
        // Clause punctuation since the last word ended, and whether the word being read follows some.
        var sawBreak = false
        var currentAfterBreak = false
        func finish() {
            if pendingJoiner == "." || pendingJoiner == ":" { sawBreak = true }
            pendingJoiner = nil
            defer {
                current.removeAll(keepingCapacity: true)
                lettersOnly = true
            }
            guard !current.isEmpty, words.count < Self.maximumWords else { return }
            let typed = String(decoding: current, as: UTF8.self)
            let folded = Self.folded(typed)
            if !folded.isEmpty {
                words.append(
                    Word(
                        typed: typed, folded: folded, read: folded, isNumeric: startsWithDigit, isLetters: lettersOnly,
                        afterBreak: currentAfterBreak && !words.isEmpty))
            }
        }
        func append(_ scalar: Unicode.Scalar, isLetter: Bool, isDigit: Bool = false) {
            if current.isEmpty {
                startsWithDigit = isDigit
                currentAfterBreak = sawBreak
                sawBreak = false
            }
            if let joiner = pendingJoiner {
                UTF8.encode(joiner) { current.append($0) }
                pendingJoiner = nil
                lettersOnly = false
            }
            if !isLetter { lettersOnly = false }
            UTF8.encode(scalar) { current.append($0) }
        }
        for scalar in text.unicodeScalars.prefix(Self.maximumCharacters) {
            let value = scalar.value
            if scalar.isASCII {
                switch value {
                case 0x61...0x7A: append(scalar, isLetter: true)
                case 0x30...0x39: append(scalar, isLetter: false, isDigit: true)
                case 0x41...0x5A: append(Unicode.Scalar(value + 0x20)!, isLetter: true)
                case 0x27, 0x60: continue  // ' and ` inside a word: what's → whats
                case 0x2D, 0x2F, 0x3A, 0x2E:  // - / : . between letters or digits
                    if current.isEmpty || pendingJoiner != nil {
                        if value == 0x2E || value == 0x3A { sawBreak = true }
                        finish()
                    } else {
                        pendingJoiner = scalar
                    }
                case 0x21, 0x2C, 0x3B, 0x3F, 0x0A:  // ! , ; ? and a new line end a clause
                    finish()
                    sawBreak = true
                default: finish()
                }
                continue
            }
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil {
                let isLetter = properties.isAlphabetic
                for lower in properties.lowercaseMapping.unicodeScalars {
                    append(lower, isLetter: isLetter, isDigit: properties.numericType == .decimal)
                }
            } else if properties.generalCategory == .nonspacingMark, !current.isEmpty, pendingJoiner == nil {
                UTF8.encode(scalar) { current.append($0) }
            } else if Self.apostrophes.contains(scalar) {
                continue
            } else {
                finish()
                if Self.clauseMarks.contains(scalar) { sawBreak = true }
            }
        }
        finish()
        self.words = words
    }

    /// Clause punctuation beyond ASCII's: Spanish opening marks, full-width and ideographic marks.
    private static let clauseMarks: Set<Unicode.Scalar> = ["¿", "¡", "，", "。", "？", "！", "；", "…"]

    /// Apostrophes beyond ASCII's, left out inside a word (`what’s`).
    private static let apostrophes: Set<Unicode.Scalar> = ["’", "ʼ", "´", "‘"]

    /// `word` without accents or apostrophes; ASCII words are returned as they are.
    static func folded(_ word: String) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word }
        let decomposed = word.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !$0.properties.isDiacritic && $0.properties.generalCategory != .nonspacingMark
        }
        return String(String.UnicodeScalarView(decomposed))
    }

    /// True when the message has no word: only punctuation, emoji or space.
    package var isEmpty: Bool { words.isEmpty }
}
