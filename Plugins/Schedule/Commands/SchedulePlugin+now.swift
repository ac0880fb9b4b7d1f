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
        let today = try await day(context.today, context).seen(byWave: viewer.wave)
        let active = today.active(at: instant)
        if let current = active.first {
            var lines = [
                "\(ScheduleFormatter.name(of: current, classes: viewer.classes)), "
                    + "\(ScheduleFormatter.duration(minutes: current.minutesLeft(at: instant))) left "
                    + "(until \(ScheduleFormatter.clock(current.end, school)))",
                ScheduleFormatter.progress(of: current, at: instant),
            ]
            for other in active.dropFirst() {
                lines.append(
                    "Also now: \(ScheduleFormatter.name(of: other, classes: viewer.classes)), "
                        + "\(ScheduleFormatter.duration(minutes: other.minutesLeft(at: instant))) left")
            }
            let upcoming = try await self.upcoming(after: instant, today: today, wave: viewer.wave, context)
            lines.append(ScheduleFormatter.nextLine(upcoming, school, classes: viewer.classes))
            return CompactAnswer.reply(
                lines,
                compact: ScheduleFormatter.compactNow(
                    active, at: instant, then: upcoming, school, classes: viewer.classes),
                for: context)
        }
        if let upcoming = today.next(after: instant) {
            let minutes = upcoming.minutesUntilStart(at: instant)
            let name = ScheduleFormatter.name(of: upcoming, classes: viewer.classes)
            let started = today.periods.contains { $0.end <= instant }
            if started {
                return Reply(
                    "Passing period: \(name) starts in \(ScheduleFormatter.duration(minutes: minutes)) "
                        + "(\(ScheduleFormatter.clock(upcoming.start, school))).")
            }
            return Reply(
                "School starts at \(ScheduleFormatter.clock(upcoming.start, school)) with \(name), "
                    + "in \(ScheduleFormatter.duration(minutes: minutes)).")
        }
        let why: String
        if today.hasClasses {
            why = "Classes are over for today"
        } else if !today.notes.isEmpty {
            why = "No classes today: \(today.notes.joined(separator: "; "))"
        } else if isUnconfigured(today) {
            return Reply(
                lines: ["No bell schedule is set up yet. An admin can add one: \(context.typed("help schedule"))."])
        } else {
            why = "No classes today"
        }
        var lines = ["\(why)."]
        let upcoming = try await self.upcoming(after: instant, today: today, wave: viewer.wave, context)
        switch upcoming {
        case .laterDay(let next):
            lines.append("Next: \(ScheduleFormatter.firstOf(next, school, classes: viewer.classes)).")
        case .nothing, .today:
            lines.append("No classes are scheduled in the next \(Self.lookAheadDays) days.")
        }
        return CompactAnswer.reply(
            lines, compact: ScheduleFormatter.compactDayDone(why, then: upcoming, school, classes: viewer.classes),
            for: context)
    }

    /// `/next`: one line already, so the same in a channel.
    @Sendable func next(_ context: CommandContext) async throws -> Reply {
        let viewer = try await viewer(context)
        let today = try await day(context.today, context).seen(byWave: viewer.wave)
        let upcoming = try await self.upcoming(after: context.now, today: today, wave: viewer.wave, context)
        return Reply(ScheduleFormatter.nextLine(upcoming, context.school, classes: viewer.classes))
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
