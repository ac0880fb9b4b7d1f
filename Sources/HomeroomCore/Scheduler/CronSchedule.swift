import CivilDates
import Foundation

/// A cron-like schedule in local time: `minute hour day-of-month month day-of-week`.
///
/// Each field is `*`, a number, a range `1-5`, a list `0,30`, or a step `*/15`, `8-16/2`. Days of
/// the week count 1 (Monday) to 7 (Sunday), with 0 also Sunday. As in cron, when both day fields
/// are restricted a day matching either runs. `30 10 * * 1-5` is 10:30 on weekdays.
public struct CronSchedule: Sendable, Equatable, CustomStringConvertible {
    /// The schedule text could not be read.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    let minutes: Set<Int>
    let hours: Set<Int>
    let daysOfMonth: Set<Int>
    let months: Set<Int>
    let weekdays: Set<Int>
    let daysOfMonthRestricted: Bool
    let weekdaysRestricted: Bool
    /// The text it was read from.
    public let description: String

    /// Reads a schedule from its five fields.
    public init(_ text: String) throws(Invalid) {
        let fields = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard fields.count == 5 else {
            throw Invalid(
                description: "\"\(text)\" needs 5 fields (minute hour day month weekday), not \(fields.count)")
        }
        minutes = try CronSchedule.field(fields[0], "minute", 0...59)
        hours = try CronSchedule.field(fields[1], "hour", 0...23)
        daysOfMonth = try CronSchedule.field(fields[2], "day of month", 1...31)
        months = try CronSchedule.field(fields[3], "month", 1...12)
        weekdays = Set(try CronSchedule.field(fields[4], "day of week", 0...7).map { $0 == 0 ? 7 : $0 })
        daysOfMonthRestricted = fields[2] != "*"
        weekdaysRestricted = fields[4] != "*"
        description = text
    }

    /// Every `minutes` minutes from the hour: the schedule of a plugin's `refreshMinutes` setting
    /// (a feed poll). `minutes` must divide 60, so the interval stays the same across the hour.
    public static func every(refreshMinutes minutes: Int) throws(UserFacingError) -> CronSchedule {
        guard (1...60).contains(minutes), 60 % minutes == 0 else {
            throw UserFacingError("refreshMinutes must divide 60 (1, 2, 5, 10, 15, 20, 30 or 60)")
        }
        do {
            return try CronSchedule("*/\(minutes) * * * *")
        } catch {
            throw UserFacingError(error.description)
        }
    }

    /// The first instant strictly after `instant` that the schedule names, in `calendar`'s zone;
    /// nil when none falls within the next eight years. A local time skipped by a DST change runs
    /// at the first minute after the gap; a local time that occurs twice runs once.
    public func nextFire(after instant: Date, in calendar: SchoolCalendar) -> Date? {
        let firstDate = calendar.localDate(at: instant)
        // On the first day, hours before the current one (less one, for DST) cannot follow `instant`.
        let firstHour = calendar.timeOfDay(at: instant).hour - 1
        var date = firstDate
        for _ in 0..<(366 * 8) {
            if runs(on: date) {
                for hour in hours.sorted() where date != firstDate || hour >= firstHour {
                    for minute in minutes.sorted() {
                        let fire = calendar.instant(on: date, hour: hour, minute: minute)
                        if fire > instant { return fire }
                    }
                }
            }
            date = date.adding(days: 1)
        }
        return nil
    }

    private func runs(on date: LocalDate) -> Bool {
        guard months.contains(date.month) else { return false }
        let dayMatches = daysOfMonth.contains(date.day)
        let weekdayMatches = weekdays.contains(date.weekday.rawValue)
        switch (daysOfMonthRestricted, weekdaysRestricted) {
        case (true, true): return dayMatches || weekdayMatches
        case (true, false): return dayMatches
        case (false, true): return weekdayMatches
        case (false, false): return true
        }
    }

    private static func field(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(Invalid) -> Set<Int> {
        var values = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "/", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { throw Invalid(description: "bad \(name) field \"\(text)\"") }
            var step = 1
            if pieces.count == 2 {
                guard let parsed = Int(pieces[1]), parsed > 0 else {
                    throw Invalid(description: "bad step in \(name) field \"\(text)\"")
                }
                step = parsed
            }
            let bounds: ClosedRange<Int>
            if pieces[0] == "*" {
                bounds = range
            } else {
                let ends = pieces[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
                guard (1...2).contains(ends.count), let low = ends[0], let high = ends.count == 2 ? ends[1] : low,
                    range.contains(low), range.contains(high), low <= high
                else {
                    throw Invalid(
                        description: "\(name) field \"\(text)\" must be within \(range.lowerBound)–\(range.upperBound)")
                }
                bounds = low...(pieces.count == 2 && ends.count == 1 ? range.upperBound : high)
            }
            values.formUnion(stride(from: bounds.lowerBound, through: bounds.upperBound, by: step))
        }
        return values
    }
}
