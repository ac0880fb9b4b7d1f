import HomeroomCore

extension CorePlugin {
    /// Help, the day at a glance, what Homeroom knows of a person and subscriptions, as people ask.
    package var plainQuestions: [PlainQuestions] { [CoreQuestions.english, CoreQuestions.spanish] }
}

/// The core commands' questions, a catalog per language.
enum CoreQuestions {}
