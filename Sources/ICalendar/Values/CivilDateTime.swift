import CivilDates

/// A wall-clock date and time with no zone attached.
public struct CivilDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The reading at `day` of `month` (1–12) in `year`, any year; a day past the month's end counts on
    /// into the next month.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(
            date: LocalDate(firstDayOf: month, in: year).adding(days: day - 1), hour: hour, minute: minute,
            second: second)
    }

    /// The wall-clock time that is `seconds` after 1970-01-01T00:00:00.
    public init(secondsSinceEpoch seconds: Int64) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        self.init(date: LocalDate(daysSinceEpoch: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
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
        "\(date)T\(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2)):\(zeroPadded(second, width: 2))"
    }

    /// `YYYYMMDDTHHMMSS`, the iCalendar form.
    public var basicFormat: String {
        let time = "\(zeroPadded(hour, width: 2))\(zeroPadded(minute, width: 2))\(zeroPadded(second, width: 2))"
        return "\(date.basicFormat)T\(time)"
    }
}
