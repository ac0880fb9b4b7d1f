import CivilDates
import Foundation
import HomeroomCore

/// How events read in chat.
enum EventText {
    /// `15:30–17:00 Robotics meetup, B-201 (robotics circle) #12`; a feed's event has no number.
    static func line(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar) -> String {
        let (dayStart, dayEnd) = bounds(of: day, school)
        let time =
            event.start <= dayStart && event.end >= dayEnd
            ? "all day"
            : "\(event.start < dayStart ? "…" : school.clockTime(at: event.start))–\(event.end > dayEnd ? "…" : school.clockTime(at: event.end))"
        let place = event.place.map { ", \($0)" } ?? ""
        let circle = event.circle.map { " (\($0) circle)" } ?? ""
        return "• \(time) \(event.title)\(place)\(circle)" + (event.id.map { " #\($0)" } ?? "")
    }

    /// A few words for a channel: `15:30 Robotics meetup, B-201`, `all day Picture day`,
    /// `until 10:00 Book fair` (begun the day before).
    static func brief(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar) -> String {
        let (dayStart, dayEnd) = bounds(of: day, school)
        let time =
            event.start <= dayStart && event.end >= dayEnd
            ? "all day"
            : event.start < dayStart ? "until \(school.clockTime(at: event.end))" : school.clockTime(at: event.start)
        return "\(time) \(event.title)\(event.place.map { ", \($0)" } ?? "")"
    }

    /// `/events` in a channel: in one or two lines, the events still to come (those ending after
    /// `now`; all of them for days gone by), `Events Mon Nov 23: 15:30 Robotics meetup, B-201 ·
    /// 18:00 Concert, Gym · +2 more`; over several days each names its day (`Tue 15:30 …`) and is
    /// listed once.
    static func compact(_ events: [SchoolEvent], days: [LocalDate], now: Date, school: SchoolCalendar)
        -> [String]
    {
        guard let first = days.first, let last = days.last else { return [] }
        let heading = days.count == 1 ? first.shortName : "\(first.shortName) – \(last.shortName)"
        let after = now < bounds(of: last, school).end ? now : .distantPast
        var listed = Set<Int>()
        var items: [String] = []
        for day in days {
            let (dayStart, dayEnd) = bounds(of: day, school)
            for (index, event) in events.enumerated()
            where event.start < dayEnd && event.end > dayStart && event.end > after && !listed.contains(index) {
                listed.insert(index)
                let text = brief(event, on: day, school: school)
                items.append(days.count == 1 ? text : "\(day.weekday.name.prefix(3)) \(text)")
            }
        }
        guard !items.isEmpty else {
            return [
                events.isEmpty
                    ? "No events \(days.count == 1 ? "on" : "from") \(heading)."
                    : "Events \(heading): none to come (\(events.count) already over)."
            ]
        }
        return CompactAnswer.packed("Events \(heading): ", items)
    }

    /// The day's events in a few words for `/day` in a channel: the first three, and how many more.
    static func gist(_ events: [SchoolEvent], on day: LocalDate, school: SchoolCalendar) -> String {
        let shown = events.prefix(3).map { brief($0, on: day, school: school) }
        return (shown + (events.count > 3 ? ["+\(events.count - 3) more"] : [])).joined(separator: " · ")
    }

    /// The instants a day starts and ends, in the school's zone.
    private static func bounds(of day: LocalDate, _ school: SchoolCalendar) -> (start: Date, end: Date) {
        (school.startOfDay(day), school.startOfDay(day.adding(days: 1)))
    }
}
