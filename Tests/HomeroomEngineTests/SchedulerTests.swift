import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Synchronization
import Testing

/// The scheduler of one instance alone on its SQLite file (``SoleInstanceRoster``), on the test
/// clock: each check stands the clock at a chosen instant, so nothing waits on real time.
struct SchedulerTests {
    /// The due times the job ran for.
    final class Runs: Sendable {
        private let times = Mutex<[Date]>([])
        func add(_ time: Date) { times.withLock { $0.append(time) } }
        var all: [Date] { times.withLock { $0 } }
    }

    static let duty = Duty.job(plugin: "tally", name: "count")

    /// A scheduler for one job every five minutes (`runs` records its due time, then the job does
    /// `then`), running until the returned task is cancelled.
    static func start(
        on bot: TestBot, runs: Runs, then: @escaping @Sendable (ScheduledJob.Context) async throws -> Void = { _ in }
    ) -> (SoleInstanceRoster, Task<Void, Never>) {
        let roster = SoleInstanceRoster(
            database: bot.runtime.database, clock: bot.clock, instanceID: "only", logger: TestBot.testLogger())
        let job = ScheduledJob("count", schedule: try! CronSchedule("*/5 * * * *")) { context in
            runs.add(context.scheduledFor)
            try await then(context)
        }
        let scheduler = Scheduler(
            entries: [Scheduler.Entry(pluginID: "tally", job: job, storage: bot.runtime.storage(for: "tally"))],
            school: bot.runtime.configuration.school, clock: bot.clock, outbox: bot.runtime.outbox,
            fetcher: bot.runtime.fetcher, roster: roster, logger: TestBot.testLogger())
        return (roster, Task { await scheduler.run() })
    }

    static func at(_ time: String) -> Date { TestClock.instant("2026-11-24T\(time)-05:00") }

    /// A job that resumes work left half-way runs as soon as its duty is taken, then at its times.
    @Test func aJobThatRunsWhenTakenOverRunsAtOnceThenAtItsTimes() async throws {
        try await TestBot.with(at: "2026-11-24T10:27:00-05:00") { bot in
            let runs = Runs()
            let roster = SoleInstanceRoster(
                database: bot.runtime.database, clock: bot.clock, instanceID: "only", logger: TestBot.testLogger())
            let job = ScheduledJob("count", schedule: try! CronSchedule("*/5 * * * *"), runsWhenTakenOver: true) {
                runs.add($0.scheduledFor)
            }
            let scheduler = Scheduler(
                entries: [Scheduler.Entry(pluginID: "tally", job: job, storage: bot.runtime.storage(for: "tally"))],
                school: bot.runtime.configuration.school, clock: bot.clock, outbox: bot.runtime.outbox,
                fetcher: bot.runtime.fetcher, roster: roster, logger: TestBot.testLogger())
            try await whileRunning({ await scheduler.run() }) {
                try await eventually("the run on taking the duty") {
                    runs.all.count == 1 && bot.clock.sleeperCount == 1
                }
                #expect(runs.all == [Self.at("10:27:00")])
                bot.clock.set(to: Self.at("10:30:00"))
                try await eventually("the 10:30 run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
                #expect(runs.all == [Self.at("10:27:00"), Self.at("10:30:00")])
            }
        }
    }

    @Test func aJobRunsAtEachDueTimeAndNotAMomentBefore() async throws {
        try await TestBot.with(at: "2026-11-24T10:27:00-05:00") { bot in
            let runs = Runs()
            let (roster, task) = Self.start(on: bot, runs: runs)
            defer { task.cancel() }
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            #expect(roster.heldDuties == [Self.duty: 0])
            // A second before its time the job's sleeper is still asleep: it cannot have run.
            bot.clock.set(to: Self.at("10:29:59"))
            #expect(bot.clock.sleeperCount == 1)
            #expect(runs.all.isEmpty)
            bot.clock.set(to: Self.at("10:30:00"))
            try await eventually("the 10:30 run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            bot.clock.set(to: Self.at("10:34:59"))
            #expect(bot.clock.sleeperCount == 1)
            bot.clock.set(to: Self.at("10:35:00"))
            try await eventually("the 10:35 run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
            #expect(runs.all == [Self.at("10:30:00"), Self.at("10:35:00")])
        }
    }

    @Test func aClockThatJumpsPastSeveralTimesRunsTheJobOnceAndGoesOnFromThere() async throws {
        try await TestBot.with(at: "2026-11-24T10:27:00-05:00") { bot in
            let runs = Runs()
            let (_, task) = Self.start(on: bot, runs: runs)
            defer { task.cancel() }
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            // The machine slept from 10:27 to 10:52: 10:30 is run late, the four times after it are skipped.
            bot.clock.set(to: Self.at("10:52:00"))
            try await eventually("the late run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            bot.clock.set(to: Self.at("10:54:59"))
            #expect(bot.clock.sleeperCount == 1)
            bot.clock.set(to: Self.at("10:55:00"))
            try await eventually("the 10:55 run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
            #expect(runs.all == [Self.at("10:30:00"), Self.at("10:55:00")])
        }
    }

    @Test func aJobThatFailsRunsAgainAtItsNextTime() async throws {
        struct Broken: Error {}
        try await TestBot.with(at: "2026-11-24T10:29:00-05:00") { bot in
            let runs = Runs()
            let (_, task) = Self.start(on: bot, runs: runs) { _ in throw Broken() }
            defer { task.cancel() }
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            bot.clock.set(to: Self.at("10:30:00"))
            try await eventually("the failed run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            bot.clock.set(to: Self.at("10:35:00"))
            try await eventually("the next run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
            #expect(runs.all == [Self.at("10:30:00"), Self.at("10:35:00")])
        }
    }

    @Test func aRestartWithinTheCatchUpWindowRunsTheTimeItMissed() async throws {
        try await TestBot.with(at: "2026-11-24T10:29:00-05:00") { bot in
            let runs = Runs()
            let (_, first) = Self.start(on: bot, runs: runs)
            try await eventually("the job waits on the clock") { bot.clock.sleeperCount == 1 }
            bot.clock.set(to: Self.at("10:30:00"))
            try await eventually("the 10:30 run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            first.cancel()
            await first.value
            #expect(bot.clock.sleeperCount == 0)

            // Stopped over 10:35, started again at 10:36: the missed time runs at once, then 10:40 waits.
            bot.clock.set(to: Self.at("10:36:00"))
            let (_, second) = Self.start(on: bot, runs: runs)
            defer { second.cancel() }
            try await eventually("the missed 10:35 run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
            #expect(runs.all == [Self.at("10:30:00"), Self.at("10:35:00")])
        }
    }
}
