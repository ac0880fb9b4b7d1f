import Foundation
import HomeroomCore

/// The words and little pictures of schedule answers.
enum ScheduleFormatter {
    /// `8:05` in the school's zone (no leading zero, 24-hour).
    static func clock(_ instant: Date, _ school: SchoolCalendar) -> String {
        let (hour, minute) = school.timeOfDay(at: instant)
        return "\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// `8:00–8:50`.
    static func range(_ period: BellPeriod, _ school: SchoolCalendar) -> String {
        "\(clock(period.start, school))–\(clock(period.end, school))"
    }

    /// `4 min`, `1 h 5 min`, `2 h`.
    static func duration(minutes: Int) -> String {
        guard minutes >= 60 else { return "\(max(minutes, 0)) min" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest) min"
    }

    /// A ten-cell bar of how much of the period has passed: `▓▓▓▓▓▓░░░░ 60%`.
    static func progress(of period: BellPeriod, at instant: Date) -> String {
        let total = period.end.timeIntervalSince(period.start)
        let fraction = total > 0 ? min(max(instant.timeIntervalSince(period.start) / total, 0), 1) : 1
        let filled = Int((fraction * 10).rounded(.down))
        return String(repeating: "▓", count: filled) + String(repeating: "░", count: 10 - filled)
            + " \(Int((fraction * 100).rounded(.down)))%"
    }

    /// The name of the item, with the student's class when the item is one of their blocks:
    /// `Block 3 — AP Chemistry, room B-201`.
    static func name(of period: BellPeriod, classes: [Int: Course]) -> String {
        guard let block = period.block, let course = classes[block] else { return period.name }
        return "\(period.name) — \(course.name)\(course.room.isEmpty ? "" : ", room \(course.room)")"
    }

    /// `(minimum day)`, `(Veterans Day)` after a day's heading.
    static func label(of day: DaySchedule) -> String {
        switch day.source {
        case .dayType(let name): return " (\(name))"
        default: return ""
        }
    }

    /// The schedule of a day, one line an item.
    static func lines(of day: DaySchedule, _ school: SchoolCalendar, classes: [Int: Course]) -> [String] {
        var lines: [String]
        if day.hasClasses {
            lines = ["Bell schedule for \(day.date.longName)\(label(of: day)):"]
            lines += day.periods.map { "\(range($0, school)) \(name(of: $0, classes: classes))" }
            if !day.notes.isEmpty { lines.append("Also: \(day.notes.joined(separator: "; "))") }
        } else if !day.notes.isEmpty {
            lines = ["\(day.date.longName): no classes — \(day.notes.joined(separator: "; "))."]
        } else {
            lines = ["\(day.date.longName): no classes."]
        }
        return lines
    }

    /// `Next: Period 4 at 11:00, in 12 min.`, the first period of a later day, or that nothing is scheduled.
    static func nextLine(_ upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course]) -> String {
        switch upcoming {
        case .today(let period, let minutes):
            return "Next: \(name(of: period, classes: classes)) at \(clock(period.start, school)), "
                + "in \(duration(minutes: minutes))."
        case .laterDay(let day):
            return "Next: \(firstOf(day, school, classes: classes))."
        case .nothing(let days):
            return "Nothing else is scheduled in the next \(days) days."
        }
    }

    /// `Monday, November 24 — Period 1 at 8:00`.
    static func firstOf(_ day: DaySchedule, _ school: SchoolCalendar, classes: [Int: Course]) -> String {
        guard let first = day.periods.first else { return day.date.longName }
        return "\(day.date.longName) — \(name(of: first, classes: classes)) at \(clock(first.start, school))"
    }
}
