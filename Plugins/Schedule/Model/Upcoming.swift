import Foundation

/// What starts after an instant: a period later the same day, the first period of a later day
/// with classes, or nothing within the days looked at.
enum Upcoming: Sendable {
    /// A period later today, starting in `minutes`.
    case today(BellPeriod, minutes: Int)
    /// The first period of this later day.
    case laterDay(DaySchedule)
    /// Nothing is scheduled in the next `days` days.
    case nothing(days: Int)
}
