import Foundation
import HomeroomCore

/// The words and little pictures of schedule answers, in the reader's language.
///
/// Period names, notes, day type names and courses are what admins and the calendar wrote: they go
/// into sentences as values; period names and notes in the reader's language when an admin
/// translated them.
enum ScheduleFormatter {
    /// `8:00–8:50`.
    static func range(_ period: BellPeriod, _ school: SchoolCalendar, _ words: Words) -> String {
        words(
            "{start}–{end}",
            ["start": words.time(period.start, at: school), "end": words.time(period.end, at: school)])
    }

    /// `4 min`, `1 h 5 min`, `2 h`.
    static func duration(minutes: Int, _ words: Words) -> String {
        guard minutes >= 60 else { return words.plural("{count} min", "{count} min", count: max(minutes, 0)) }
        let (hours, rest) = (minutes / 60, minutes % 60)
        let inHours = words.plural("{count} h", "{count} h", count: hours)
        guard rest > 0 else { return inHours }
        // Each part counts in its own plural form (Arabic's "two hours and nine minutes").
        return words(
            "{hours} {minutes}", context: "a duration in hours and minutes",
            ["hours": inHours, "minutes": words.plural("{count} min", "{count} min", count: rest)])
    }

    /// A ten-cell bar of how much of the period has passed: `▓▓▓▓▓▓░░░░ 60%`.
    static func progress(of period: BellPeriod, at instant: Date, _ words: Words) -> String {
        let total = period.end.timeIntervalSince(period.start)
        let fraction = total > 0 ? min(max(instant.timeIntervalSince(period.start) / total, 0), 1) : 1
        let filled = Int((fraction * 10).rounded(.down))
        return words(
            "{bar} {percent}%",
            [
                "bar": String(repeating: "▓", count: filled) + String(repeating: "░", count: 10 - filled),
                "percent": words.number(Int((fraction * 100).rounded(.down))),
            ])
    }

    /// The name of the item, with the student's class when the item is one of their blocks:
    /// `Block 3 — AP Chemistry, room B-201`. The period's name is admin content, said as a value in
    /// the reader's language when an admin translated it.
    static func name(of period: BellPeriod, classes: [Int: Course], _ words: Words) -> String {
        let name = words.content(period.name)
        guard let block = period.block, let course = classes[block] else { return name }
        return course.room.isEmpty
            ? words("{period} — {course}", ["period": name, "course": course.name])
            : words(
                "{period} — {course}, room {room}",
                ["period": name, "course": course.name, "room": course.room])
    }

    /// A course with its teacher and room: `AP Chemistry (Ms. Lee, B-201)`; the bare name (a value)
    /// when it has neither.
    static func listing(of course: Course, _ words: Words) -> String {
        let details = [course.teacher, course.room].filter { !$0.isEmpty }
        guard !details.isEmpty else { return course.name }
        return words("{course} ({details})", ["course": course.name, "details": words.items(details)])
    }

    /// `items` one after another, each marked as a value, separated as the reader's language
    /// separates items that may hold commas themselves: `Picture Day; Minimum Day`.
    static func series(_ items: [String], _ words: Words) -> String {
        items.map(words.mark).joined(separator: words("; ", context: "between items that may hold commas"))
    }

    /// A day's all-day notes, each in the reader's language when an admin translated it; a day an
    /// admin declared without school, and without a note, says so.
    static func notes(of day: DaySchedule, _ words: Words) -> [String] {
        if case .noSchool = day.source, day.notes.isEmpty { return [words("No school")] }
        return day.notes.map(words.content)
    }

    /// The schedule of a day, one line an item.
    static func lines(of day: DaySchedule, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words)
        -> [String]
    {
        let date = words.date(day.date)
        let notes = Self.notes(of: day, words)
        var lines: [String]
        if day.hasClasses {
            if case .dayType(let type) = day.source {
                lines = [words("Bell schedule for {date} ({dayType}):", ["date": date, "dayType": type])]
            } else {
                lines = [words("Bell schedule for {date}:", ["date": date])]
            }
            lines += day.periods.map {
                words(
                    "{times} {period}",
                    ["times": range($0, school, words), "period": name(of: $0, classes: classes, words)])
            }
            if !notes.isEmpty { lines.append(words("Also: {notes}", ["notes": series(notes, words)])) }
        } else if !notes.isEmpty {
            lines = [words("{date}: no classes — {notes}.", ["date": date, "notes": series(notes, words)])]
        } else {
            lines = [words("{date}: no classes.", ["date": date])]
        }
        return lines
    }

    /// `Period 1, 25 min left (until 8:50)`: what is under way and how long it lasts.
    static func timeLeft(
        in period: BellPeriod, at instant: Date, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words
    ) -> String {
        words(
            "{period}, {duration} left (until {time})",
            [
                "period": name(of: period, classes: classes, words),
                "duration": duration(minutes: period.minutesLeft(at: instant), words),
                "time": words.time(period.end, at: school),
            ])
    }

    /// `Next: Period 4 at 11:00, in 12 min.`, the first period of a later day, or that nothing is scheduled.
    static func nextLine(_ upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words)
        -> String
    {
        switch upcoming {
        case .today(let period, let minutes):
            return words(
                "Next: {period} at {time}, in {duration}.",
                [
                    "period": name(of: period, classes: classes, words),
                    "time": words.time(period.start, at: school),
                    "duration": duration(minutes: minutes, words),
                ])
        case .laterDay(let day):
            return nextDayLine(day, school, classes: classes, words)
        case .nothing(let days):
            return words.plural(
                "Nothing else is scheduled in the next {count} day.",
                "Nothing else is scheduled in the next {count} days.", count: days)
        }
    }

    /// `Next: Monday, November 24 — Period 1 at 8:00.`
    static func nextDayLine(_ day: DaySchedule, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words)
        -> String
    {
        let date = words.date(day.date)
        guard let first = day.periods.first else { return words("Next: {date}.", ["date": date]) }
        return words(
            "Next: {date} — {period} at {time}.",
            [
                "date": date, "period": name(of: first, classes: classes, words),
                "time": words.time(first.start, at: school),
            ])
    }
}
