/// A calendar date with no time and no zone: the school day a menu or a schedule belongs to.
///
/// Arithmetic is done on day numbers (days since 1970-01-01), so it needs no `Calendar` and is exact.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates a date; returns nil when the day does not exist (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...LocalDate.daysIn(month: month, year: year)).contains(day),
            (1...9999).contains(year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// 0001-01-01 and 9999-12-31: the first and last dates ``init(year:month:day:)`` makes, and the
    /// range in which ``iso`` has four digits of year, so that dates stored as that text sort as dates.
    /// (``adding(days:)`` may step outside it.)
    public static let earliest = LocalDate(year: 1, month: 1, day: 1)!
    public static let latest = LocalDate(year: 9999, month: 12, day: 31)!

    /// Parses the ISO 8601 form `2026-12-03`.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The number of days from `self` to `other`.
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday(rawValue: index + 1)!
    }

    /// The Monday of this date's week.
    public var mondayOfWeek: LocalDate { adding(days: 1 - weekday.rawValue) }

    /// `2026-12-03`.
    public var iso: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
    }

    /// `Thursday, December 3`.
    public var longName: String { "\(weekday.name), \(LocalDate.monthNames[month - 1]) \(day)" }

    /// `Thu Dec 3`.
    public var shortName: String {
        "\(weekday.name.prefix(3)) \(LocalDate.monthNames[month - 1].prefix(3)) \(day)"
    }

    public var description: String { iso }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
