/// The questions a plugin answers in one language (a catalog per language), next to its commands.
///
/// A plugin lists one per language it speaks; adding a language is adding a catalog, with no code.
public struct PlainQuestions: Sendable {
    /// The language, as a lowercase ISO 639-1 code: `en`, `es`.
    public let language: String
    /// The questions.
    public let questions: [PlainQuestion]
    /// Words of this language and the words the school's data uses for them, applied to the
    /// words an argument takes (`biblioteca` → `library`, `pan de maíz` → `cornbread`); a word
    /// glossed as "" is left out (`salón` of `salón B-201`).
    public let glossary: [String: String]

    /// A catalog of `questions` in `language`, with its `glossary`.
    public init(_ language: String, _ questions: [PlainQuestion], glossary: [String: String] = [:]) {
        self.language = language.lowercased()
        self.questions = questions
        self.glossary = glossary
    }
}
