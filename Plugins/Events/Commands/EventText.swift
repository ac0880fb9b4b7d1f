import Foundation
import HomeroomCore

/// How events read in chat.
enum EventText {
    /// `15:30–17:00 Robotics meetup, B-201 (robotics circle) #12`; a feed's event has no number.
    static func line(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar) -> String {
        let dayStart = school.startOfDay(day)
        let dayEnd = school.startOfDay(day.adding(days: 1))
        let time =
            event.start <= dayStart && event.end >= dayEnd
            ? "all day"
            : "\(event.start < dayStart ? "…" : school.clockTime(at: event.start))–\(event.end > dayEnd ? "…" : school.clockTime(at: event.end))"
        let place = event.place.map { ", \($0)" } ?? ""
        let circle = event.circle.map { " (\($0) circle)" } ?? ""
        return "• \(time) \(event.title)\(place)\(circle)" + (event.id.map { " #\($0)" } ?? "")
    }
}
