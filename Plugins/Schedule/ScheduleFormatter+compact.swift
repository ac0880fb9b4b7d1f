import Foundation
import HomeroomCore

/// The one-line forms of schedule answers, for a channel and for `/day`.
extension ScheduleFormatter {
    /// `/now` in a channel while something is under way:
    /// `Period 3, 12 min left (until 10:41) · next: Lunch at 10:41`.
    static func compactNow(
        _ active: [BellPeriod], at instant: Date, then upcoming: Upcoming, _ school: SchoolCalendar,
        classes: [Int: Course], _ words: Words
    ) -> [String] {
        guard let current = active.first else { return [] }
        let now = timeLeft(in: current, at: instant, school, classes: classes, words)
        let also = active.dropFirst().map {
            words(
                "also {period}, {duration} left",
                [
                    "period": name(of: $0, classes: classes, words),
                    "duration": duration(minutes: $0.minutesLeft(at: instant), words),
                ])
        }
        return CompactAnswer.packed(
            "", [now] + also + [compactNext(upcoming, school, classes: classes, words)], words: words,
            itemsAreSentences: true)
    }

    /// `/now` in a channel when nothing is under way and the day is done or has no classes:
    /// `Classes are over for today · next: Tue Nov 24, Period 1 at 8:00`. `why` is a sentence of the
    /// reader's language.
    static func compactDayDone(
        _ why: String, then upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words
    ) -> [String] {
        CompactAnswer.packed(
            "", [why, compactNext(upcoming, school, classes: classes, words)], words: words, itemsAreSentences: true)
    }

    /// `next: Lunch at 10:41`, `next: Tue Nov 24, Period 1 at 8:00`, or that nothing is scheduled.
    static func compactNext(_ upcoming: Upcoming, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words)
        -> String
    {
        switch upcoming {
        case .today(let period, _):
            return words(
                "next: {period} at {time}",
                ["period": name(of: period, classes: classes, words), "time": words.time(period.start, at: school)])
        case .laterDay(let day):
            let date = words.date(day.date, .short)
            guard let first = day.periods.first else { return words("next: {date}", ["date": date]) }
            return words(
                "next: {date}, {period} at {time}",
                [
                    "date": date, "period": name(of: first, classes: classes, words),
                    "time": words.time(first.start, at: school),
                ])
        case .nothing(let days):
            return words.plural(
                "nothing else is scheduled in the next {count} day",
                "nothing else is scheduled in the next {count} days", count: days)
        }
    }

    /// A day's schedule in a few words for `/day` in a channel: `regular, 8:00–15:10, 7 periods`,
    /// with what is under way at `instant` (`now: Period 3 until 10:41`) and the day's notes.
    static func gist(
        of day: DaySchedule, at instant: Date?, _ school: SchoolCalendar, classes: [Int: Course], _ words: Words
    ) -> String {
        let notes = Self.notes(of: day, words)
        guard let first = day.periods.first, let end = day.periods.map(\.end).max() else {
            return notes.isEmpty
                ? words("no classes") : words("no classes — {notes}", ["notes": series(notes, words)])
        }
        let (start, finish) = (words.time(first.start, at: school), words.time(end, at: school))
        let span =
            if case .dayType(let type) = day.source {
                words.plural(
                    "{dayType}, {start}–{end}, {count} period", "{dayType}, {start}–{end}, {count} periods",
                    count: day.periods.count, ["dayType": type, "start": start, "end": finish])
            } else {
                words.plural(
                    "{start}–{end}, {count} period", "{start}–{end}, {count} periods", count: day.periods.count,
                    ["start": start, "end": finish])
            }
        var parts = [span]
        if let instant, let current = day.active(at: instant).first {
            parts.append(
                words(
                    "now: {period} until {time}",
                    [
                        "period": name(of: current, classes: classes, words),
                        "time": words.time(current.end, at: school),
                    ]))
        }
        if !notes.isEmpty { parts.append(words("also: {notes}", ["notes": series(notes, words)])) }
        return parts.joined(separator: " · ")
    }
}
