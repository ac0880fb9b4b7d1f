import HomeroomCore

extension EventsPlugin {
    /// Events, clubs and the office's contact details, as people ask for them.
    public var plainQuestions: [PlainQuestions] { [EventsQuestions.english, EventsQuestions.spanish] }
}

/// The events plugin's questions, a catalog per language.
enum EventsQuestions {}
