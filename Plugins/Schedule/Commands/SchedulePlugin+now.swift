import Foundation
import HomeroomCore

extension SchedulePlugin {
    var nowCommand: Command {
        Command(
            "now", summary: "which period it is, how many minutes are left, and what comes next",
            examples: [.init("now", "the current period and the next one", answerContains: " left (until ")],
            handler: now)
    }

    var nextCommand: Command {
        Command(
            "next", summary: "the next period and when it starts",
            examples: [.init("next", "what starts next, today or on the next school day", answerContains: "Next")],
            handler: next)
    }

    /// What a student sees: their lunch wave and their classes.
    struct Viewer: Sendable {
        var wave: Int?
        var classes: [Int: Course]
    }

    func viewer(_ context: CommandContext) async throws -> Viewer {
        let user = context.caller.person
        if let cached = viewers.value(for: user, at: context.now) { return cached }
        let generation = viewers.generation
        let store = ScheduleStore(storage: context.storage)
        let viewer = Viewer(wave: try await store.wave(of: user), classes: try await store.classes(of: user))
        viewers.store(viewer, for: user, at: context.now, readSince: generation)
        return viewer
    }

    @Sendable func now(_ context: CommandContext) async throws -> Reply {
        let viewer = try await viewer(context)
        let school = context.school
        let instant = context.now
        let words = context.words
        let today = try await day(context.today, context).seen(byWave: viewer.wave)
        let active = today.active(at: instant)
        if let current = active.first {
            var lines = [
                ScheduleFormatter.timeLeft(in: current, at: instant, school, classes: viewer.classes, words),
                ScheduleFormatter.progress(of: current, at: instant, words),
            ]
            for other in active.dropFirst() {
                lines.append(
                    words(
                        "Also now: {period}, {duration} left",
                        [
                            "period": ScheduleFormatter.name(of: other, classes: viewer.classes, words),
                            "duration": ScheduleFormatter.duration(minutes: other.minutesLeft(at: instant), words),
                        ]))
            }
            let upcoming = try await self.upcoming(after: instant, today: today, wave: viewer.wave, context)
            lines.append(ScheduleFormatter.nextLine(upcoming, school, classes: viewer.classes, words))
            return CompactAnswer.reply(
                lines,
                compact: ScheduleFormatter.compactNow(
                    active, at: instant, then: upcoming, school, classes: viewer.classes, words),
                for: context)
        }
        if let upcoming = today.next(after: instant) {
            let values: KeyValuePairs<String, String> = [
                "period": ScheduleFormatter.name(of: upcoming, classes: viewer.classes, words),
                "duration": ScheduleFormatter.duration(minutes: upcoming.minutesUntilStart(at: instant), words),
                "time": words.time(upcoming.start, at: school),
            ]
            if today.periods.contains(where: { $0.end <= instant }) {
                return Reply(words("Passing period: {period} starts in {duration} ({time}).", values))
            }
            return Reply(words("School starts at {time} with {period}, in {duration}.", values))
        }
        // The day is done or has no classes: why, in full and in a few words for a channel.
        let notes = ScheduleFormatter.notes(of: today, words)
        let why: (full: String, compact: String)
        if today.hasClasses {
            why = (words("Classes are over for today."), words("Classes are over for today"))
        } else if !notes.isEmpty {
            let values: KeyValuePairs<String, String> = ["notes": ScheduleFormatter.series(notes, words)]
            why = (words("No classes today: {notes}.", values), words("No classes today: {notes}", values))
        } else if isUnconfigured(today) {
            return Reply(lines: [notSetUp(context)])
        } else {
            why = (words("No classes today."), words("No classes today"))
        }
        var lines = [why.full]
        let upcoming = try await self.upcoming(after: instant, today: today, wave: viewer.wave, context)
        switch upcoming {
        case .laterDay(let next):
            lines.append(ScheduleFormatter.nextDayLine(next, school, classes: viewer.classes, words))
        case .nothing, .today:
            lines.append(
                words.plural(
                    "No classes are scheduled in the next {count} day.",
                    "No classes are scheduled in the next {count} days.", count: Self.lookAheadDays))
        }
        return CompactAnswer.reply(
            lines,
            compact: ScheduleFormatter.compactDayDone(
                why.compact, then: upcoming, school, classes: viewer.classes, words),
            for: context)
    }

    /// `/next`: one line already, so the same in a channel.
    @Sendable func next(_ context: CommandContext) async throws -> Reply {
        let viewer = try await viewer(context)
        let today = try await day(context.today, context).seen(byWave: viewer.wave)
        let upcoming = try await self.upcoming(after: context.now, today: today, wave: viewer.wave, context)
        return Reply(ScheduleFormatter.nextLine(upcoming, context.school, classes: viewer.classes, context.words))
    }

    /// What is said when no schedule of any kind is set up, and how an admin sets one up.
    func notSetUp(_ context: CommandContext) -> String {
        context.words(
            "No bell schedule is set up yet. An admin can add one: {command}.",
            ["command": context.typed("help schedule")])
    }

    /// Whether the day is empty because no schedule of any kind is set up.
    func isUnconfigured(_ day: DaySchedule) -> Bool {
        guard case .nothing = day.source else { return false }
        return source.origin == .none && settings.defaultDayType == nil
    }

    /// What starts after `instant`: later `today` (already seen by the asker's wave), or the first
    /// period of the next day with classes, seen by `wave`.
    func upcoming(after instant: Date, today: DaySchedule, wave: Int?, _ context: CommandContext) async throws
        -> Upcoming
    {
        if let upcoming = today.next(after: instant) {
            return .today(upcoming, minutes: upcoming.minutesUntilStart(at: instant))
        }
        guard let next = try await nextDayWithClasses(after: today.date, context) else {
            return .nothing(days: Self.lookAheadDays)
        }
        return .laterDay(next.seen(byWave: wave))
    }
}
