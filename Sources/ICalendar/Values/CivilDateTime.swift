/// A day of the proleptic Gregorian calendar, with no time zone: what a DATE value names.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A date from its parts; the parts are not checked (see ``isValid``).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((days + 3) % 7 + 7) % 7 + 1
    }

    /// Whether the month has this day.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CivilDate.daysIn(month: month, year: year)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Day of the year, 1 for January 1st.
    public var dayOfYear: Int {
        daysSinceEpoch - CivilDate(year: year, month: 1, day: 1).daysSinceEpoch + 1
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(year: Int) -> Int { isLeap(year) ? 366 : 365 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `YYYYMMDD`, the iCalendar form.
    public var basicFormat: String {
        "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))"
    }
}

/// A wall-clock date and time with no zone attached.
public struct CivilDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// The wall-clock time that is `seconds` after 1970-01-01T00:00:00.
    public init(secondsSinceEpoch seconds: Int64) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        self.init(date: CivilDate(daysSinceEpoch: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// Seconds since 1970-01-01T00:00:00 of the same wall clock (as if it were UTC).
    public var secondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Seconds since midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    public func adding(seconds: Int64) -> CivilDateTime {
        CivilDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// `YYYYMMDDTHHMMSS`, the iCalendar form.
    public var basicFormat: String {
        "\(date.basicFormat)T\(pad(hour, 2))\(pad(minute, 2))\(pad(second, 2))"
    }
}

/// `value` in decimal, zero-padded to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
