import CivilDates
import HomeroomCore

/// The demo's public events for the coming week, added with `/event add` as staff add them. An
/// event already listed on its day is not added again, and one whose time has passed is left out.
enum DemoEvents {
    /// What happens on each weekday: time, title (each one once a week), place, length in minutes.
    private static let week: [Weekday: [(hour: Int, minute: Int, title: String, place: String, minutes: Int)]] = [
        .monday: [(12, 15, "Chess open board", "A-110", 30), (15, 30, "Robotics build session", "B-201", 90)],
        .tuesday: [(15, 30, "Drama rehearsal", "Theater", 120), (19, 0, "College information night", "Library", 60)],
        .wednesday: [(7, 30, "Student council breakfast", "Cafeteria", 30), (16, 0, "Soccer home game", "Gym", 90)],
        .thursday: [(15, 30, "Robotics club meeting", "B-201", 90), (18, 30, "Winter concert", "Theater", 90)],
        .friday: [(12, 15, "Garden club planting", "Courtyard", 30), (19, 0, "Movie night", "Theater", 120)],
        .saturday: [(10, 0, "Car wash fundraiser", "Front entrance", 180)],
        .sunday: [(21, 0, "Homework help live chat", "Library", 60)],
    ]

    static func load(_ admin: DemoAdmin, today: LocalDate) async throws {
        let school = admin.runtime.configuration.school
        let now = admin.runtime.clock.now
        for date in (0..<7).map({ today.adding(days: $0) }) {
            let upcoming = (week[date.weekday] ?? []).filter {
                school.instant(on: date, hour: $0.hour, minute: $0.minute) > now
            }
            guard !upcoming.isEmpty else { continue }
            let listed = try await admin.send("events \(date.iso)").text
            for event in upcoming where !listed.contains(event.title) {
                let time = "\(event.hour):\(event.minute < 10 ? "0" : "")\(event.minute)"
                try await admin.send(
                    "event add \(date.iso) \(time) \"\(event.title)\" at \(event.place) for \(event.minutes) min")
            }
        }
    }
}
