import HomeroomCore

extension NewsPlugin {
    /// The school's stories, as people ask for them.
    public var plainQuestions: [PlainQuestions] { [NewsQuestions.english, NewsQuestions.spanish] }
}

/// The news questions, a catalog per language.
enum NewsQuestions {}
