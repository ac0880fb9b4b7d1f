import Foundation

/// A message cut into the words plain language reads: lowercase, each word also without accents
/// and apostrophes, and punctuation, emoji and symbols dropped.
///
/// `-`, `/`, `:` and `.` stay inside a word between letters or digits (`b-201`, `12/3`, `7:30`),
/// so that codes, dates and times survive. At most ``maximumWords`` words of the first
/// ``maximumCharacters`` characters are read.
package struct PlainText: Sendable, Equatable {
    /// One word.
    package struct Word: Sendable, Equatable {
        /// As typed, lowercase.
        package var typed: String
        /// Without accents or apostrophes: what is compared.
        package var folded: String
        /// ``folded``, or the word it is a misspelling or a chat spelling of.
        package var read: String
        /// True when the word is all digits, or starts with one (`3rd`, `12/3`, `201b`).
        package var isNumeric: Bool { folded.first?.isNumber == true }
    }

    /// The most characters read of a message.
    package static let maximumCharacters = 1_000
    /// The most words read of a message.
    package static let maximumWords = 64

    /// The words, in order.
    package var words: [Word]

    /// Cuts `text` into words.
    package init(_ text: String) {
        var words: [Word] = []
        var current = ""
        var pendingJoiner: Character?
        func finish() {
            pendingJoiner = nil
            guard !current.isEmpty, words.count < Self.maximumWords else {
                current = ""
                return
            }
            let folded = Self.folded(current)
            if !folded.isEmpty { words.append(Word(typed: current, folded: folded, read: folded)) }
            current = ""
        }
        for character in text.prefix(Self.maximumCharacters) {
            if character.isLetter || character.isNumber {
                if let joiner = pendingJoiner {
                    current.append(joiner)
                    pendingJoiner = nil
                }
                current.append(contentsOf: character.lowercased())
            } else if Self.apostrophes.contains(character), !current.isEmpty {
                continue
            } else if Self.joiners.contains(character), !current.isEmpty, pendingJoiner == nil {
                pendingJoiner = character
            } else {
                finish()
            }
        }
        finish()
        self.words = words
    }

    private static let apostrophes: Set<Character> = ["'", "’", "ʼ", "`", "´"]
    private static let joiners: Set<Character> = ["-", "/", ":", "."]

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
