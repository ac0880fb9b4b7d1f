import CivilDates
import Foundation
import HomeroomCore

/// One school day as the bot answers about it: its timed items in order and its all-day notes.
struct DaySchedule: Sendable, Equatable {
    /// Where the day's schedule came from.
    enum Source: Sendable, Equatable {
        case calendar
        case dayType(String)
        case noSchool
        case nothing
    }

    var date: LocalDate
    /// Timed items by start (then end, then name).
    var periods: [BellPeriod]
    /// All-day items: "Veterans Day - No School", "Picture Day".
    var notes: [String]
    var source: Source

    init(date: LocalDate, periods: [BellPeriod], notes: [String], source: Source) {
        self.date = date
        self.periods = periods.sorted { ($0.start, $0.end, $0.name) < ($1.start, $1.end, $1.name) }
        self.notes = notes
        self.source = source
    }

    /// Whether there are classes that day.
    var hasClasses: Bool { !periods.isEmpty }

    /// The day as a student of `wave` sees it: the other waves' items left out.
    func seen(byWave wave: Int?) -> DaySchedule {
        guard let wave else { return self }
        var copy = self
        copy.periods = periods.filter { $0.wave == nil || $0.wave == wave }
        return copy
    }

    /// What is under way, the one ending first first.
    func active(at instant: Date) -> [BellPeriod] {
        periods.filter { $0.contains(instant) }.sorted { ($0.end, $0.name) < ($1.end, $1.name) }
    }

    /// The first item that starts after `instant`.
    func next(after instant: Date) -> BellPeriod? {
        periods.first { $0.start > instant }
    }
}
