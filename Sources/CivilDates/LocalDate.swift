/// A calendar date with no time and no zone: the school day a menu or a schedule belongs to, the DATE
/// an iCalendar file names, the day of a feed's date.
///
/// Days are counted in the proleptic Gregorian calendar on day numbers (days since 1970-01-01), so the
/// arithmetic needs no `Calendar` and is exact (`LocalDate+days.swift`).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates a date; returns nil when the day does not exist (`2026-02-30`) or the year is outside
    /// 1–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(checkedYear: year, month: month, day: day)
    }

    /// A date from parts already known to name a day (any year).
    init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// 0001-01-01 and 9999-12-31: the first and last dates ``init(year:month:day:)`` makes, and the
    /// range in which ``iso`` has four digits of year, so that dates stored as that text sort as dates.
    /// (``adding(days:)`` and ``init(daysSinceEpoch:)`` may step outside it.)
    public static let earliest = LocalDate(year: 1, month: 1, day: 1)!
    public static let latest = LocalDate(year: 9999, month: 12, day: 31)!

    public var description: String { iso }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
