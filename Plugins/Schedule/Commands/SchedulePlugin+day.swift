import CivilDates
import Foundation
import HomeroomCore

extension SchedulePlugin {
    var todayCommand: Command {
        Command(
            "today", summary: "today's bell schedule",
            examples: [.init("today", "every period of today", answerContains: "Period")]
        ) { context in
            try await dayReply(for: context.today, context)
        }
    }

    var scheduleCommand: Command {
        Command(
            "schedule", aliases: ["bells"],
            summary: "the bell schedule of a day; lunch waves; admins: day types and feed",
            usage: "[today | tomorrow | friday | 2026-12-03 | now | next]",
            examples: [
                .init("schedule tomorrow", "tomorrow's periods", answerContains: "Period"),
                .init("schedule 2026-12-03", "the periods of December 3", answerContains: "Thursday, December 3"),
            ],
            subcommands: [
                waveCommand, dayTypeSetCommand, dayTypeListCommand, assignCommand, unassignCommand,
                dayTypeRemoveCommand,
                refreshCommand, statusCommand,
            ]
        ) { context in
            // `/schedule now` and `/schedule next` are what people try before they find /now and /next.
            switch context.arguments.map({ $0.lowercased() }) {
            case ["now"]: return try await now(context)
            case ["next"]: return try await next(context)
            default: return try await dayReply(for: try context.dateArgument(), context)
            }
        }
    }

    func dayReply(for date: LocalDate, _ context: CommandContext) async throws -> Reply {
        guard var lines = try await dayLines(for: date, context) else { return Reply(notSetUp(context)) }
        let viewer = try await viewer(context)
        if viewer.wave == nil, try await day(date, context).periods.contains(where: { $0.wave != nil }) {
            lines.append(
                context.words(
                    "Tip: {command} shows only your lunch wave.", ["command": context.typed("schedule wave 1")]))
        }
        return Reply(lines: lines)
    }

    /// The asker's schedule for `date` (their wave, their classes); nil when none is set up.
    func dayLines(for date: LocalDate, _ context: CommandContext) async throws -> [String]? {
        let viewer = try await viewer(context)
        let day = try await day(date, context).seen(byWave: viewer.wave)
        if isUnconfigured(day) { return nil }
        return ScheduleFormatter.lines(of: day, context.school, classes: viewer.classes, context.words)
    }

    /// The schedule's part of `/day`; its gist is the day's span and, today, what is under way.
    var scheduleSection: DaySection {
        DaySection(
            "Schedule", order: 10, more: "today",
            gist: { context, date in
                let viewer = try await viewer(context)
                let day = try await day(date, context).seen(byWave: viewer.wave)
                if isUnconfigured(day) { return nil }
                return ScheduleFormatter.gist(
                    of: day, at: date == context.today ? context.now : nil, context.school, classes: viewer.classes,
                    context.words)
            },
            compose: { context, date in try await dayLines(for: date, context) })
    }

    var waveCommand: Command {
        Command(
            "wave", summary: "your lunch wave, so /now and /today show only yours", usage: "1 | 2 | 3 | off",
            examples: [
                .init("schedule wave 2", "I eat in the second wave", answerContains: "OK, lunch wave 2"),
                .init("schedule wave off", "show every wave", answerContains: "every lunch wave is shown again"),
            ]
        ) { context in
            let store = ScheduleStore(storage: context.storage)
            let words = context.words
            guard let word = context.arguments.first?.lowercased(), context.arguments.count == 1 else {
                if let wave = try await store.wave(of: context.caller.person) {
                    return Reply.privately(words("You are in lunch wave {wave}.", ["wave": words.number(wave)]))
                }
                throw context.usageError()
            }
            if ["off", "none", "all", "clear"].contains(word) {
                try await store.setWave(nil, for: context.caller.person)
                viewers.forget(context.caller.person)
                return Reply.privately(words("OK, every lunch wave is shown again."))
            }
            guard let wave = Int(word.filter(\.isNumber)), (1...4).contains(wave), word.count <= 3 else {
                throw context.usageError(words("\"{wave}\" is not a lunch wave", ["wave": word]))
            }
            try await store.setWave(wave, for: context.caller.person)
            viewers.forget(context.caller.person)
            return Reply.privately(
                words(
                    "OK, lunch wave {wave}. {now} and {today} now show only yours.",
                    ["wave": words.number(wave), "now": context.typed("now"), "today": context.typed("today")]))
        }
    }
}
