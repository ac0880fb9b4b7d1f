import CivilDates
import Foundation
import HomeroomCore

/// A month of the bell calendar, as the console's bells page shows it (`?month=2026-12`).
struct ScheduleMonth: Sendable, Equatable {
    /// Its first day.
    let first: LocalDate

    /// The month `date` falls in.
    init(of date: LocalDate) {
        first = date.adding(days: 1 - date.day)
    }

    /// Reads `2026-12`; nil for anything else.
    init?(parsing text: String) {
        guard text.count == 7, let first = LocalDate(iso: text + "-01") else { return nil }
        self.first = first
    }

    /// Every day of the month, in order.
    var days: [LocalDate] { LocalDate.days(ofMonth: first.month, in: first.year) }

    /// The month before.
    var previous: ScheduleMonth { ScheduleMonth(of: first.adding(days: -1)) }

    /// The month after.
    var next: ScheduleMonth { ScheduleMonth(of: first.adding(days: 31)) }

    /// `2026-12`, as the page's query names it.
    var iso: String { String(first.iso.prefix(7)) }

    /// `December 2026`, in the reader's language and form.
    func name(_ words: Words) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let middle =
            calendar.date(from: DateComponents(year: first.year, month: first.month, day: 15, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
        return middle.formatted(
            Date.FormatStyle(locale: words.language.locale, calendar: calendar, timeZone: calendar.timeZone)
                .month(.wide).year())
    }
}
