import HomeroomCore

extension DirectionsPlugin {
    /// The way to a room or place, and the campus's places and rooms, as people ask for them.
    public var plainQuestions: [PlainQuestions] { [DirectionsQuestions.english, DirectionsQuestions.spanish] }
}

/// The directions questions, a catalog per language.
enum DirectionsQuestions {}
