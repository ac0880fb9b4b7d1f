import CivilDates
import Foundation
import HomeroomCore

/// How events read in chat, in the reader's language.
enum EventText {
    /// `• 15:30–17:00 Robotics meetup, B-201 (robotics circle) #12`; a feed's event has no number.
    static func line(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar, _ words: Words) -> String {
        words("• {event}", ["event": entry(event, on: day, school: school, words)])
    }

    /// An event in full, without the bullet: `15:30–17:00 Robotics meetup, B-201 (robotics circle) #12`.
    static func entry(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar, _ words: Words) -> String {
        let (dayStart, dayEnd) = bounds(of: day, school)
        let time: String
        if event.start <= dayStart && event.end >= dayEnd {
            time = words("all day")
        } else if event.start < dayStart {
            time = words("…–{end}", ["end": clock(event.end, school, words)])
        } else if event.end > dayEnd {
            time = words("{start}–…", ["start": clock(event.start, school, words)])
        } else {
            time = words(
                "{start}–{end}", ["start": clock(event.start, school, words), "end": clock(event.end, school, words)])
        }
        let title = title(of: event, words)
        let number = event.id.map { "\($0)" }
        switch (event.place, event.circle, number) {
        case (nil, nil, nil):
            return words("{time} {title}", ["time": time, "title": title])
        case (let place?, nil, nil):
            return words("{time} {title}, {place}", ["time": time, "title": title, "place": place])
        case (nil, let circle?, nil):
            return words("{time} {title} ({circle} circle)", ["time": time, "title": title, "circle": circle])
        case (let place?, let circle?, nil):
            return words(
                "{time} {title}, {place} ({circle} circle)",
                ["time": time, "title": title, "place": place, "circle": circle])
        case (nil, nil, let number?):
            return words("{time} {title} #{number}", ["time": time, "title": title, "number": number])
        case (let place?, nil, let number?):
            return words(
                "{time} {title}, {place} #{number}", ["time": time, "title": title, "place": place, "number": number])
        case (nil, let circle?, let number?):
            return words(
                "{time} {title} ({circle} circle) #{number}",
                ["time": time, "title": title, "circle": circle, "number": number])
        case (let place?, let circle?, let number?):
            return words(
                "{time} {title}, {place} ({circle} circle) #{number}",
                ["time": time, "title": title, "place": place, "circle": circle, "number": number])
        }
    }

    /// A few words for a channel: `15:30 Robotics meetup, B-201`, `all day Picture day`,
    /// `until 10:00 Book fair` (begun the day before).
    static func brief(_ event: SchoolEvent, on day: LocalDate, school: SchoolCalendar, _ words: Words) -> String {
        let (dayStart, dayEnd) = bounds(of: day, school)
        let time =
            event.start <= dayStart && event.end >= dayEnd
            ? words("all day")
            : event.start < dayStart
                ? words("until {time}", ["time": clock(event.end, school, words)]) : clock(event.start, school, words)
        let title = title(of: event, words)
        guard let place = event.place else { return words("{time} {title}", ["time": time, "title": title]) }
        return words("{time} {title}, {place}", ["time": time, "title": title, "place": place])
    }

    /// `/events` in a channel: in one or two lines, the events still to come (those ending after
    /// `now`; all of them for days gone by), `Events Mon Nov 23: 15:30 Robotics meetup, B-201 ·
    /// 18:00 Concert, Gym · +2 more`; over several days each names its day (`Tue 15:30 …`) and is
    /// listed once.
    static func compact(
        _ events: [SchoolEvent], days: [LocalDate], now: Date, school: SchoolCalendar, _ words: Words
    ) -> [String] {
        guard let first = days.first, let last = days.last else { return [] }
        let (from, to) = (words.date(first, .short), words.date(last, .short))
        let after = now < bounds(of: last, school).end ? now : .distantPast
        var listed = Set<Int>()
        var items: [String] = []
        for day in days {
            let (dayStart, dayEnd) = bounds(of: day, school)
            for (index, event) in events.enumerated()
            where event.start < dayEnd && event.end > dayStart && event.end > after && !listed.contains(index) {
                listed.insert(index)
                let text = brief(event, on: day, school: school, words)
                items.append(
                    days.count == 1
                        ? text : words("{weekday} {event}", ["weekday": words.date(day, .shortWeekday), "event": text]))
            }
        }
        guard !items.isEmpty else {
            if events.isEmpty {
                return [
                    days.count == 1
                        ? words("No events on {date}.", ["date": from])
                        : words("No events from {first} – {last}.", ["first": from, "last": to])
                ]
            }
            return [
                days.count == 1
                    ? words.plural(
                        "Events {date}: none to come ({count} already over).",
                        "Events {date}: none to come ({count} already over).", count: events.count, ["date": from])
                    : words.plural(
                        "Events {first} – {last}: none to come ({count} already over).",
                        "Events {first} – {last}: none to come ({count} already over).", count: events.count,
                        ["first": from, "last": to])
            ]
        }
        let lead =
            days.count == 1
            ? words("Events {date}: ", ["date": from])
            : words("Events {first} – {last}: ", ["first": from, "last": to])
        return CompactAnswer.packed(lead, items, words: words, itemsAreSentences: true)
    }

    /// The day's events in a few words for `/day` in a channel: the first three, and how many more.
    static func gist(_ events: [SchoolEvent], on day: LocalDate, school: SchoolCalendar, _ words: Words) -> String {
        let shown = events.prefix(3).map { brief($0, on: day, school: school, words) }
        let more =
            events.count > 3 ? [words.plural("+{count} more", "+{count} more", count: events.count - 3)] : []
        return (shown + more).joined(separator: " · ")
    }

    /// `15:30`: a clock time as events show it: on the 24-hour clock with two-digit hours in
    /// English, in the reader's locale's form otherwise.
    static func clock(_ instant: Date, _ school: SchoolCalendar, _ words: Words) -> String {
        words.language == .english || words.language == .pseudo
            ? school.clockTime(at: instant) : words.time(instant, at: school)
    }

    /// The event's title; a feed's event without one is "(untitled)" in the reader's language.
    static func title(of event: SchoolEvent, _ words: Words) -> String {
        event.title.isEmpty ? words("(untitled)") : words.content(event.title)
    }

    /// The instants a day starts and ends, in the school's zone.
    private static func bounds(of day: LocalDate, _ school: SchoolCalendar) -> (start: Date, end: Date) {
        (school.startOfDay(day), school.startOfDay(day.adding(days: 1)))
    }
}
