import HomeroomCore

extension LunchPlugin {
    /// What is for lunch, as people ask it.
    public var plainQuestions: [PlainQuestions] { [LunchQuestions.english, LunchQuestions.spanish] }
}

/// The lunch questions, a catalog per language.
enum LunchQuestions {}
