import Foundation
import HomeroomCore

extension SchedulePlugin {
    var nowCommand: Command {
        Command(
            "now", summary: "which period it is, how many minutes are left, and what comes next",
            examples: [.init("now", "the current period and the next one")], handler: now)
    }

    var nextCommand: Command {
        Command(
            "next", summary: "the next period and when it starts",
            examples: [.init("next", "what starts next, today or on the next school day")], handler: next)
    }

    /// What a student sees: their lunch wave and their classes.
    struct Viewer: Sendable {
        var wave: Int?
        var classes: [Int: Course]
    }

    func viewer(_ context: CommandContext) async throws -> Viewer {
        let user = context.caller.person
        if let cached = viewers.viewer(user, at: context.now) { return cached }
        let store = ScheduleStore(storage: context.storage)
        let viewer = Viewer(wave: try await store.wave(of: user), classes: try await store.classes(of: user))
        viewers.store(viewer, for: user, at: context.now)
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
            lines.append(try await nextLine(after: instant, today: today, viewer: viewer, context))
            return Reply(lines: lines)
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
        var lines: [String]
        if today.hasClasses {
            lines = ["Classes are over for today."]
        } else if !today.notes.isEmpty {
            lines = ["No classes today: \(today.notes.joined(separator: "; "))."]
        } else if isUnconfigured(today) {
            return Reply(
                lines: ["No bell schedule is set up yet. An admin can add one: \(context.typed("help schedule"))."])
        } else {
            lines = ["No classes today."]
        }
        if let next = try await nextDayWithClasses(after: today.date, context) {
            lines.append(
                "Next: \(ScheduleFormatter.firstOf(next.seen(byWave: viewer.wave), school, classes: viewer.classes)).")
        } else {
            lines.append("No classes are scheduled in the next \(Self.lookAheadDays) days.")
        }
        return Reply(lines: lines)
    }

    @Sendable func next(_ context: CommandContext) async throws -> Reply {
        let viewer = try await viewer(context)
        let today = try await day(context.today, context).seen(byWave: viewer.wave)
        return Reply(try await nextLine(after: context.now, today: today, viewer: viewer, context))
    }

    /// Whether the day is empty because no schedule of any kind is set up.
    func isUnconfigured(_ day: DaySchedule) -> Bool {
        guard case .nothing = day.source else { return false }
        return source.origin == .none && settings.defaultDayType == nil
    }

    /// `Next: Period 4 at 11:00, in 12 min.` — today, or the first period of the next school day.
    func nextLine(after instant: Date, today: DaySchedule, viewer: Viewer, _ context: CommandContext) async throws
        -> String
    {
        let school = context.school
        if let upcoming = today.next(after: instant) {
            let minutes = upcoming.minutesUntilStart(at: instant)
            return "Next: \(ScheduleFormatter.name(of: upcoming, classes: viewer.classes)) at "
                + "\(ScheduleFormatter.clock(upcoming.start, school)), in \(ScheduleFormatter.duration(minutes: minutes))."
        }
        guard let next = try await nextDayWithClasses(after: today.date, context) else {
            return "Nothing else is scheduled in the next \(Self.lookAheadDays) days."
        }
        return "Next: \(ScheduleFormatter.firstOf(next.seen(byWave: viewer.wave), school, classes: viewer.classes))."
    }
}
