import CivilDates
import Foundation
import Synchronization

/// The school's calendar: its time zone and its school days. Every date computation happens here,
/// in the school's zone, so that a server in UTC answers "today" as the school means it.
public final class SchoolCalendar: Sendable {
    /// The school's IANA time zone.
    public let timeZone: TimeZone
    /// The days of the week classes are held.
    public let schoolDays: Set<Weekday>
    /// The language the school answers in when neither the person nor the channel chose one.
    public let language: Language
    /// A Gregorian calendar in the school's zone.
    public let calendar: Calendar

    /// The local date of the instants in `[start, end)`: the day the last lookup fell in, so that
    /// the many lookups of one day cost a comparison instead of a calendar computation.
    private let lastDay: Mutex<(start: Date, end: Date, date: LocalDate)?>

    /// Creates the calendar of a school.
    public init(
        timeZone: TimeZone, schoolDays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday],
        language: Language = .english
    ) {
        self.language = language
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        self.calendar = calendar
        self.timeZone = timeZone
        self.schoolDays = schoolDays
        self.lastDay = Mutex(nil)
    }

    /// The school's local date at `instant`.
    public func localDate(at instant: Date) -> LocalDate {
        if let day = lastDay.withLock({ $0 }), instant >= day.start, instant < day.end {
            return day.date
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        let date = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        let start = startOfDay(date)
        let end = startOfDay(date.adding(days: 1))
        lastDay.withLock { $0 = (start, end, date) }
        return date
    }

    /// The first instant of `date` in the school's zone (midnight, or the first minute after a DST gap).
    public func startOfDay(_ date: LocalDate) -> Date {
        let components = DateComponents(year: date.year, month: date.month, day: date.day)
        return calendar.startOfDay(for: calendar.date(from: components)!)
    }

    /// The instant at `hour:minute` local time on `date`. A time inside a DST gap moves forward
    /// past the gap; a time that occurs twice means its first occurrence.
    public func instant(on date: LocalDate, hour: Int, minute: Int) -> Date {
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        return calendar.nextDate(
            after: startOfDay(date).addingTimeInterval(-1), matching: components, matchingPolicy: .nextTime,
            repeatedTimePolicy: .first, direction: .forward) ?? startOfDay(date)
    }

    /// The local hour and minute of `instant`.
    public func timeOfDay(at instant: Date) -> (hour: Int, minute: Int) {
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return (parts.hour!, parts.minute!)
    }

    /// `14:05`: the local time of `instant`, on the 24-hour clock.
    public func clockTime(at instant: Date) -> String {
        let (hour, minute) = timeOfDay(at: instant)
        return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// True when classes are held on that day of the week.
    public func isSchoolDay(_ date: LocalDate) -> Bool { schoolDays.contains(date.weekday) }

    /// The first school day on or after `date` (within two weeks; `date` itself when none is configured).
    public func schoolDay(onOrAfter date: LocalDate) -> LocalDate {
        (0..<14).lazy.map { date.adding(days: $0) }.first(where: isSchoolDay) ?? date
    }
}
