import CivilDates

/// Reads the weeks people type after a command: `week` and `this week`, `next week`.
public enum WeekExpression: Equatable, Sendable {
    /// `week`, `this week`: the week that holds today.
    case thisWeek
    /// `next week`: the week that starts on the coming Monday.
    case nextWeek

    /// The week `words` name as a whole (in any case), or nil when they name none.
    public init?(_ words: [String]) {
        switch words.map({ $0.lowercased() }) {
        case ["week"], ["this", "week"]: self = .thisWeek
        case ["next", "week"]: self = .nextWeek
        default: return nil
        }
    }

    /// The Monday of next week, for ``nextWeek``; nil for ``thisWeek``, whose days each command
    /// counts its own way (school days around today, the next seven days).
    public func nextMonday(after today: LocalDate) -> LocalDate? {
        self == .nextWeek ? today.mondayOfWeek.adding(days: 7) : nil
    }
}
