import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomStorage
import HomeroomTesting
import Synchronization
import Testing

/// Scheduled jobs with several instances on one PostgreSQL database: each job is a duty, run by
/// one instance at a time, once per due time, across a takeover.
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct SchedulerDutyTests {
    /// The due times the job ran for, on whichever instance.
    final class Runs: Sendable {
        private let times = Mutex<[Date]>([])
        func add(_ time: Date) { times.withLock { $0.append(time) } }
        var all: [Date] { times.withLock { $0 } }
    }

    /// One instance: its roster and its scheduler, running until the task is cancelled. A stopped
    /// instance releases its leases, so a takeover is quick; the lease is long, so that a renewal
    /// the loaded machine holds back never lets the duty move in the middle of a run.
    static func instance(_ name: String, bot: TestBot, runs: Runs) -> (LeaseRoster, Task<Void, Never>) {
        let roster = LeaseRoster(
            database: bot.runtime.database, clock: SystemClock(), instanceID: name, leaseLifetime: .seconds(20),
            renewInterval: .milliseconds(300), logger: TestBot.testLogger())
        let job = ScheduledJob("count", schedule: try! CronSchedule("*/5 * * * *")) { context in
            runs.add(context.scheduledFor)
        }
        let scheduler = Scheduler(
            entries: [Scheduler.Entry(pluginID: "tally", job: job, storage: bot.runtime.storage(for: "tally"))],
            school: bot.runtime.configuration.school, clock: bot.clock, outbox: bot.runtime.outbox,
            fetcher: bot.runtime.fetcher, roster: roster, logger: TestBot.testLogger())
        let task = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await roster.run() }
                group.addTask { await scheduler.run() }
            }
        }
        return (roster, task)
    }

    static let duty = Duty.job(plugin: "tally", name: "count")

    @Test func twoInstancesRunAJobOncePerDueTimeAndATakeoverCatchesUpATimeMissedWhileTheDutyMoved() async throws {
        try await TestBot.with(at: "2026-11-24T10:27:00-05:00", backend: .postgres) { bot in
            let runs = Runs()
            let (first, firstTask) = Self.instance("first", bot: bot, runs: runs)
            let (second, secondTask) = Self.instance("second", bot: bot, runs: runs)
            defer {
                firstTask.cancel()
                secondTask.cancel()
            }
            // One of them holds the job and waits on the clock; the other stands by. Taking the
            // first lease waits on PostgreSQL beside the whole suite starting at once: up to 30 s.
            try await eventually("one instance holds the job and waits on the clock", within: .seconds(30)) {
                (first.heldDuties[Self.duty] != nil) != (second.heldDuties[Self.duty] != nil)
                    && bot.clock.sleeperCount == 1
            }
            bot.clock.set(to: TestClock.instant("2026-11-24T10:30:00-05:00"))
            try await eventually("the 10:30 run") { runs.all.count == 1 && bot.clock.sleeperCount == 1 }
            #expect(runs.all == [TestClock.instant("2026-11-24T10:30:00-05:00")])

            // The holder stops: the other takes the job over and runs the next time, once.
            let (holderTask, other) = first.heldDuties[Self.duty] != nil ? (firstTask, second) : (secondTask, first)
            holderTask.cancel()
            await holderTask.value
            try await eventually("the other instance takes the job over") {
                other.heldDuties[Self.duty] != nil && bot.clock.sleeperCount == 1
            }
            bot.clock.set(to: TestClock.instant("2026-11-24T10:35:00-05:00"))
            try await eventually("the 10:35 run") { runs.all.count == 2 && bot.clock.sleeperCount == 1 }
            firstTask.cancel()
            secondTask.cancel()
            await firstTask.value
            await secondTask.value

            // 10:40 falls due while no instance holds the job: the next one to take it runs it at once.
            bot.clock.set(to: TestClock.instant("2026-11-24T10:40:20-05:00"))
            let (third, thirdTask) = Self.instance("third", bot: bot, runs: runs)
            defer { thirdTask.cancel() }
            try await eventually("the missed 10:40 run") { runs.all.count == 3 && bot.clock.sleeperCount == 1 }
            #expect(third.heldDuties[Self.duty] != nil)
            #expect(
                runs.all == ["10:30", "10:35", "10:40"].map { TestClock.instant("2026-11-24T\($0):00-05:00") })
        }
    }

    @Test func aJobNeverRunBeforeWaitsForItsNextTimeOnTakingTheDuty() async throws {
        try await TestBot.with(at: "2026-11-24T10:31:00-05:00", backend: .postgres) { bot in
            let runs = Runs()
            let (roster, task) = Self.instance("only", bot: bot, runs: runs)
            defer { task.cancel() }
            try await eventually("the instance holds the job and waits on the clock") {
                roster.heldDuties[Self.duty] != nil && bot.clock.sleeperCount == 1
            }
            #expect(runs.all.isEmpty)
        }
    }
}
