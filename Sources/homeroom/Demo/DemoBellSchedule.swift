import CivilDates
import Foundation
import HomeroomCore
import ICalendar

/// The demo's bell schedules: iCalendar files the Schedule plugin reads as a school's
/// `calendarFile`, with the periods and lunch of each school day from this week's Monday for four
/// weeks, Fridays marked as spirit days, and nothing on the other days. Lincoln High (and Adams
/// Elementary, which keeps the district's) has seven periods; Jefferson Middle starts earlier
/// with advisory, and has six periods and an earlier lunch.
enum DemoBellSchedule {
    /// One timed item of the day: name, start and end as hour and minute.
    typealias Bell = (name: String, start: (Int, Int), end: (Int, Int))

    /// The file's name in the demo's folder.
    static let fileName = "bell-schedule.ics"
    /// The middle school's file's name.
    static let middleSchoolFileName = "bell-schedule-jefferson.ics"
    /// How many weeks the file covers from this week's Monday.
    static let weeks = 4

    /// Lincoln High's day.
    private static let bells: [Bell] = [
        ("Period 1", (8, 0), (8, 50)), ("Period 2", (8, 55), (9, 45)), ("Period 3", (9, 50), (10, 40)),
        ("Period 4", (10, 45), (11, 35)), ("Lunch", (11, 35), (12, 10)), ("Period 5", (12, 15), (13, 5)),
        ("Period 6", (13, 10), (14, 0)), ("Period 7", (14, 5), (14, 55)),
    ]

    /// Jefferson Middle's day.
    private static let middleSchoolBells: [Bell] = [
        ("Advisory", (7, 45), (8, 5)), ("Period 1", (8, 10), (9, 0)), ("Period 2", (9, 5), (9, 55)),
        ("Period 3", (10, 0), (10, 50)), ("Lunch", (10, 55), (11, 25)), ("Period 4", (11, 30), (12, 20)),
        ("Period 5", (12, 25), (13, 15)), ("Period 6", (13, 20), (14, 10)),
    ]

    /// Writes Lincoln High's file for the weeks around `today` and returns where it is.
    static func write(into folder: URL, today: LocalDate, school: SchoolCalendar, now: Date) throws -> URL {
        try write(
            bells, named: fileName, title: "Lincoln High bell schedule (demo)", into: folder, today: today,
            school: school, now: now)
    }

    /// Writes Jefferson Middle's file for the weeks around `today` and returns where it is.
    static func writeMiddleSchool(into folder: URL, today: LocalDate, school: SchoolCalendar, now: Date) throws
        -> URL
    {
        try write(
            middleSchoolBells, named: middleSchoolFileName, title: "Jefferson Middle bell schedule (demo)",
            into: folder, today: today, school: school, now: now)
    }

    private static func write(
        _ bells: [Bell], named fileName: String, title: String, into folder: URL, today: LocalDate,
        school: SchoolCalendar, now: Date
    ) throws -> URL {
        let monday = today.mondayOfWeek
        var events: [CalendarWriter.Event] = []
        for offset in 0..<(weeks * 7) {
            let date = monday.adding(days: offset)
            guard school.isSchoolDay(date) else { continue }
            for bell in bells {
                events.append(
                    CalendarWriter.Event(
                        uid: "\(bell.name.lowercased().replacingOccurrences(of: " ", with: "-"))-\(date.iso)@demo",
                        start: school.instant(on: date, hour: bell.start.0, minute: bell.start.1),
                        end: school.instant(on: date, hour: bell.end.0, minute: bell.end.1), summary: bell.name,
                        stamp: now))
            }
            if date.weekday == .friday {
                events.append(
                    CalendarWriter.Event(
                        uid: "spirit-day-\(date.iso)@demo", start: school.startOfDay(date),
                        end: school.startOfDay(date.adding(days: 1)), summary: "Spirit Day: wear the school colours",
                        stamp: now))
            }
        }
        let file = folder.appendingPathComponent(fileName)
        let document = CalendarWriter(name: title, timeZone: school.timeZone.identifier)
            .document(events)
        try document.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
