import HomeroomCore

extension SchedulePlugin {
    /// Which period it is, what comes next, and the bells of a day, as people ask them.
    public var plainQuestions: [PlainQuestions] { [ScheduleQuestions.english, ScheduleQuestions.spanish] }
}

/// The bell schedule's questions, a catalog per language.
enum ScheduleQuestions {}
