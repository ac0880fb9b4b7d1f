import Foundation
import HomeroomCore

/// The one-line forms of schedule answers, for a channel and for `/day`.
extension ScheduleFormatter {
    /// `/now` in a channel while something is under way:
    /// `Period 3, 12 min left (until 10:41) · next: Lunch at 10:41`.
    static func compactNow(
        _ active: [BellPeriod], at instant: Date, then upcoming: Upcoming, _ school: SchoolCalendar,
        classes: [Int: Course]
    ) -> [String] {
        guard let current = active.first else { return [] }
        let now =
            "\(name(of: current, classes: classes)), \(duration(minutes: current.minutesLeft(at: instant))) left "
            + "(until \(clock(current.end, school)))"
        let also = active.dropFirst().map {
            "also \(name(of: $0, classes: classes)), \(duration(minutes: $0.minutesLeft(at: instant))) left"
        }
        return CompactAnswer.packed("", [now] + also + [compactNext(upcoming, school, classes: classes)])
    }

    /// `/now` in a channel when nothing is under way and the day is done or has no classes:
    /// `Classes are over for today · next: Tue Nov 24, Period 1 at 8:00`.
    static func compactDayDone(_ why: String, then upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course])
        -> [String]
    {
        CompactAnswer.packed("", [why, compactNext(upcoming, school, classes: classes)])
    }

    /// `next: Lunch at 10:41`, `next: Tue Nov 24, Period 1 at 8:00`, or that nothing is scheduled.
    static func compactNext(_ upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course]) -> String {
        switch upcoming {
        case .today(let period, _):
            return "next: \(name(of: period, classes: classes)) at \(clock(period.start, school))"
        case .laterDay(let day):
            guard let first = day.periods.first else { return "next: \(day.date.shortName)" }
            return "next: \(day.date.shortName), \(name(of: first, classes: classes)) at \(clock(first.start, school))"
        case .nothing(let days):
            return "nothing else is scheduled in the next \(days) days"
        }
    }

    /// A day's schedule in a few words for `/day` in a channel: `regular, 8:00–15:10, 7 periods`,
    /// with what is under way at `instant` (`now: Period 3 until 10:41`) and the day's notes.
    static func gist(of day: DaySchedule, at instant: Date?, _ school: SchoolCalendar, classes: [Int: Course])
        -> String
    {
        guard let first = day.periods.first, let end = day.periods.map(\.end).max() else {
            return day.notes.isEmpty ? "no classes" : "no classes — \(day.notes.joined(separator: "; "))"
        }
        let kind = if case .dayType(let name) = day.source { "\(name), " } else { "" }
        var parts = [
            "\(kind)\(clock(first.start, school))–\(clock(end, school)), "
                + "\(day.periods.count) period\(day.periods.count == 1 ? "" : "s")"
        ]
        if let instant, let current = day.active(at: instant).first {
            parts.append("now: \(name(of: current, classes: classes)) until \(clock(current.end, school))")
        }
        if !day.notes.isEmpty { parts.append("also: \(day.notes.joined(separator: "; "))") }
        return parts.joined(separator: " · ")
    }
}
