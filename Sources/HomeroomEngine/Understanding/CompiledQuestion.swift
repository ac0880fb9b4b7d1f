import HomeroomCore

/// A plugin's plain question, checked against the command catalog and with its phrases cut
/// into words, as ``LanguageReader`` matches them.
struct CompiledQuestion: Sendable {
    /// The declaration.
    let question: PlainQuestion
    /// Its command's full name: `lunch`, `news search`.
    let path: String
    /// Its command's one-line summary.
    let summary: String
    /// True when it changes something: declared so, or a restricted command.
    let changes: Bool
    /// The words the ``PlainArgument/words(keeping:required:)`` argument keeps, folded.
    let keeping: Set<String>
    /// Its catalog's glossary, by the folded words of each phrase.
    let glossary: Glossary
    /// Which catalog it came from: its plugin's id and language.
    let catalog: String
    /// The command's words before and after where the argument goes (`{}`, or the end).
    let template: (before: String, after: String)

    /// The command with `argument` in its place.
    func command(with argument: String) -> String {
        if argument.isEmpty { return template.after.isEmpty ? template.before : template.before + " " + template.after }
        return template.after.isEmpty
            ? template.before + " " + argument : template.before + " " + argument + " " + template.after
    }
}

/// A catalog's glossary, as an argument's words are looked up in it.
struct Glossary: Sendable {
    /// The phrases' words, folded, and what they become.
    let entries: [[String]: String]
    /// The phrases by their first word, longest first: a word that starts none costs one lookup.
    private let byFirstWord: [String: [(words: [String], meaning: String)]]

    init(_ glossary: [String: String]) {
        var entries: [[String]: String] = [:]
        for (phrase, meaning) in glossary {
            let words = PlainText(phrase).words.map(\.folded)
            if !words.isEmpty { entries[words] = meaning }
        }
        self.entries = entries
        byFirstWord = Dictionary(grouping: entries.map { (words: $0.key, meaning: $0.value) }, by: { $0.words[0] })
            .mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }

    /// The glossed phrase that starts at `start` of `words`: its length and meaning; nil for none.
    /// A phrase glossed as nothing ends where a phrase with a meaning begins inside it and goes on
    /// past it: `el salon` of "el salon de arte" leaves `salon de arte` whole.
    func phrase(at start: Int, in words: [String]) -> (length: Int, meaning: String)? {
        guard let (length, meaning) = longestPhrase(at: start, in: words) else { return nil }
        guard meaning.isEmpty else { return (length, meaning) }
        for inner in start + 1..<start + length {
            if let (innerLength, innerMeaning) = longestPhrase(at: inner, in: words), !innerMeaning.isEmpty,
                inner + innerLength > start + length
            {
                return (inner - start, "")
            }
        }
        return (length, meaning)
    }

    /// The longest glossed phrase that starts at `start` of `words`.
    private func longestPhrase(at start: Int, in words: [String]) -> (length: Int, meaning: String)? {
        guard let candidates = byFirstWord[words[start]] else { return nil }
        for candidate in candidates where words[start...].starts(with: candidate.words) {
            return (candidate.words.count, candidate.meaning)
        }
        return nil
    }
}

/// A phrase of a question, as matched: its words and weight.
struct QuestionPhrase: Sendable {
    /// The question's index.
    let question: Int
    /// The words, folded.
    let words: [String]
    /// What it adds to the question's score.
    let weight: Int
    /// True for a keyword or a needed phrase (left out of the argument), false for a hint.
    let isKeyword: Bool
    /// True for one of the phrases the question needs one of.
    let isNeeded: Bool
}
