/// Day arithmetic on day numbers (days since 1970-01-01), with Howard Hinnant's `days_from_civil`
/// and `civil_from_days`: exact in every year, before year 1 and after 9999 too.
extension LocalDate {
    /// The date `days` days after 1970-01-01 (negative before), in any year.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(
            checkedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
            day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// The first day of `month` (1–12, which the caller makes sure of) in `year`, in any year: for
    /// calendar arithmetic that steps past years 1–9999, as recurrence rules do.
    package init(firstDayOf month: Int, in year: Int) {
        self.init(checkedYear: year, month: month, day: 1)
    }

    /// Every day of `month` in `year`, in order, in any year; none for a month outside 1–12.
    public static func days(ofMonth month: Int, in year: Int) -> [LocalDate] {
        guard (1...12).contains(month) else { return [] }
        return (1...daysIn(month: month, year: year)).map { LocalDate(checkedYear: year, month: month, day: $0) }
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// The number of days from `self` to `other`.
    public func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The ISO weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }

    /// The Monday of this date's week.
    public var mondayOfWeek: LocalDate { adding(days: 1 - isoWeekday) }

    /// The day of the year, 1 for January 1st.
    public var dayOfYear: Int { daysSinceEpoch - LocalDate(firstDayOf: 1, in: year).daysSinceEpoch + 1 }

    /// Whether `year` has a February 29th.
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// 365 or 366.
    public static func daysIn(year: Int) -> Int { isLeap(year) ? 366 : 365 }

    /// The days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
