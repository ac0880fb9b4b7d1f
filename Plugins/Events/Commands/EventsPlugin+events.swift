import CivilDates
import Foundation
import HomeroomCore

extension EventsPlugin {
    var eventsCommand: Command {
        Command(
            "events",
            summary:
                "what is happening today, tomorrow, this week or on a date (yours and, in a direct message, your circles')",
            usage: "[today | tomorrow | week | next week | friday | 2026-12-03]",
            examples: [
                .init("events", "today's events", answerContains: "Events on"),
                .init("events week", "the next seven days", answerContains: "Events from"),
                .init(
                    "events 2026-12-03", "the events of December 3", answerContains: "Events on Thursday, December 3"),
            ],
            handler: listEvents)
    }

    func listEvents(_ context: CommandContext) async throws -> Reply {
        let days: [LocalDate]
        if let week = WeekExpression(context.arguments) {
            let first = week.nextMonday(after: context.today) ?? context.today
            days = (0..<7).map { first.adding(days: $0) }
        } else {
            days = [try context.dateArgument()]
        }
        let from = context.school.startOfDay(days[0])
        let to = context.school.startOfDay(days[days.count - 1].adding(days: 1))
        let circles = try await visibleCircles(context)
        let sorted = try await events(
            from: from, to: to, circles: circles.visible, storage: context.storage, school: context.school)
        let words = context.words
        let (first, last) = (words.date(days[0]), words.date(days[days.count - 1]))
        let hint = circles.hidden ? [Self.circlesInDirectMessageHint(context)] : []
        let compact = EventText.compact(sorted, days: days, now: context.now, school: context.school, words)
        guard !sorted.isEmpty else {
            let none =
                days.count == 1
                ? words("No events on {date}.", ["date": first])
                : words("No events from {first} to {last}.", ["first": first, "last": last])
            return CompactAnswer.reply([none] + hint, compact: compact, for: context)
        }
        var lines = [
            days.count == 1
                ? words("Events on {date}:", ["date": first])
                : words("Events from {first} to {last}:", ["first": first, "last": last])
        ]
        for day in days {
            let dayStart = context.school.startOfDay(day)
            let dayEnd = context.school.startOfDay(day.adding(days: 1))
            let ofDay = sorted.filter { $0.start < dayEnd && $0.end > dayStart }
            guard !ofDay.isEmpty else { continue }
            if days.count > 1 { lines.append(words("{date}:", ["date": words.date(day)])) }
            lines += ofDay.map { EventText.line($0, on: day, school: context.school, words) }
        }
        return CompactAnswer.reply(lines + hint, compact: compact, for: context)
    }

    /// The circles whose events the asker may see here: all of theirs in a direct message, none in a
    /// channel (others read it, and circle events are invite-only); `hidden` when some were left out.
    func visibleCircles(_ context: CommandContext) async throws -> (visible: [String], hidden: Bool) {
        let circles = try await CircleStore(storage: context.storage).circles(of: context.caller.person)
        return context.message.conversation.isDirect ? (circles, false) : ([], !circles.isEmpty)
    }

    /// Where to see circle events that a channel answer leaves out.
    static func circlesInDirectMessageHint(_ context: CommandContext) -> String {
        context.words(
            "Your circles' events are shown only in a direct message: send me {command} there.",
            ["command": context.typed("events")])
    }
}
