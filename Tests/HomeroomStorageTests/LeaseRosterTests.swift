import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import SQLKit
import Synchronization
import Testing

@testable import HomeroomStorage

/// Duties shared by several instances through leases on a real PostgreSQL server, with short
/// timings on the system clock: a 3 s lease renewed every 300 ms, long enough that a loaded test
/// machine does not miss its renewals. `LeaseHandoverTests` runs the same handovers on a manual clock.
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct LeaseRosterTests {
    static let lifetime = Duration.seconds(3)
    static let interval = Duration.milliseconds(300)
    static let irc = Duty.connection("irc", "libera")

    static func roster(_ database: any Database, _ name: String) -> LeaseRoster {
        LeaseRoster(
            database: database, clock: SystemClock(), instanceID: name, leaseLifetime: lifetime,
            renewInterval: interval, logger: StorageTests.logger)
    }

    /// A PostgreSQL database with the core tables and a table for fenced writes.
    static func withDatabase(_ body: (any Database) async throws -> Void) async throws {
        try await TemporaryDatabase.with(.postgres, logger: StorageTests.logger) { database in
            try await MigrationRunner(database: database, logger: StorageTests.logger)
                .run([(CorePlugin.id, CorePlugin.schemaMigrations)])
            try await database.write { try await $0.raw("CREATE TABLE fenced_notes (note TEXT NOT NULL)").run() }
            try await body(database)
        }
    }

    static func notes(_ database: any Database) async throws -> [String] {
        try await database.read { db in
            try await db.raw("SELECT note FROM fenced_notes ORDER BY note").all().map {
                try $0.decode(column: "note", as: String.self)
            }
        }
    }

    @Test func twoRostersWantingOneDutyPerformItOnce() async throws {
        try await Self.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let (a, b) = (Self.roster(database, "a"), Self.roster(database, "b"))
            for (name, roster) in [("a", a), ("b", b)] {
                tasks.add { await roster.run() }
                tasks.add { await roster.perform(Self.irc, performers.work(name)) }
            }
            try await eventually("one of them performs") { performers.performing(Self.irc).count == 1 }
            // Four more rounds each, beside the running ones: still one performer and one holder.
            for _ in 0..<4 {
                await a.tick()
                await b.tick()
            }
            let performing = performers.performing(Self.irc)
            #expect(performing.count == 1)
            #expect(performers.overlaps == 0)
            let holders = [a, b].filter { $0.heldDuties[Self.irc] != nil }.map(\.instanceID)
            #expect(holders == performing.sorted())
            #expect(performers.starts(Self.irc) == 1)
            await tasks.stopAll()
        }
    }

    @Test func aCleanStopHandsTheDutyOverWithinARenewal() async throws {
        try await Self.withDatabase { database in
            let performers = Performers()
            let first = TaskBag()
            let second = TaskBag()
            let (a, b) = (Self.roster(database, "a"), Self.roster(database, "b"))
            first.add { await a.run() }
            first.add { await a.perform(Self.irc, performers.work("a")) }
            try await eventually("a performs") { performers.performing(Self.irc) == ["a"] }
            second.add { await b.run() }
            second.add { await b.perform(Self.irc, performers.work("b")) }
            await first.stopAll()
            let stopped = ContinuousClock.now
            // The lease was released (not left to run out) and the instance forgot.
            let report = try await RosterReport.read(from: database)
            #expect(!report.instances.map(\.id).contains("a"))
            #expect(!report.duties.contains { $0.holder == "a" }, "\(report.duties)")
            try await eventually("b takes the duty") { b.heldDuties[Self.irc] != nil }
            let took = ContinuousClock.now - stopped
            print("clean stop: b took \(Self.irc) \(took) after a had stopped and released it")
            #expect(took < Self.lifetime, "a release hands over before the lease would have run out")
            #expect(b.heldDuties[Self.irc] == 2)
            try await eventually("b performs") { performers.performing(Self.irc) == ["b"] }
            await second.stopAll()
        }
    }

    @Test func aHolderWhoseRenewalsStopLosesTheDutyAndItsWrites() async throws {
        try await Self.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let (a, b) = (Self.roster(database, "a"), Self.roster(database, "b"))
            // a's renewals are driven by hand, so they can stop without a release (kill -9, a lost connection).
            tasks.add { await a.perform(Self.irc, performers.work("a")) }
            await a.tick()
            let lastRenewal = ContinuousClock.now
            try await eventually("a works under its hold") { performers.hold("a") != nil }
            let oldHold = try #require(performers.hold("a"))
            #expect(oldHold.token == 1)
            tasks.add { await b.run() }
            tasks.add { await b.perform(Self.irc, performers.work("b")) }
            try await eventually("b takes the duty") { b.heldDuties[Self.irc] != nil }
            let took = ContinuousClock.now - lastRenewal
            print("renewals stopped: b took \(Self.irc) \(took) after a's last renewal")
            #expect(took >= Self.lifetime - Self.interval, "not before the lease ran out")
            // A round every 300 ms; the margin is for a machine loaded by the other suites.
            #expect(took < Self.lifetime + .seconds(3))
            #expect(b.heldDuties[Self.irc] == oldHold.token + 1)
            // a's hold no longer counts the moment b holds the duty, so a can act on nothing more; its
            // work, cancelled on its own clock, ends soon after (later on a machine loaded by the other suites).
            #expect(!oldHold.isHeld, "a's hold lapsed before b took the duty")
            try await eventually("a no longer performs: \(performers.performing(Self.irc))") {
                !performers.performing(Self.irc).contains("a")
            }

            try await eventually("b works under its hold") { performers.hold("b") != nil }
            let newHold = try #require(performers.hold("b"))
            let refused: (any Error)?
            do {
                try await oldHold.database.write { db in
                    try await db.raw("INSERT INTO fenced_notes (note) VALUES ('from a')").run()
                }
                refused = nil
            } catch {
                refused = error
            }
            let lost = try #require(refused as? DutyLost, "\(String(describing: refused))")
            #expect(lost.duty == Self.irc && lost.token == oldHold.token)
            try await newHold.database.write { db in
                try await db.raw("INSERT INTO fenced_notes (note) VALUES ('from b')").run()
            }
            #expect(try await Self.notes(database) == ["from b"])
            await tasks.stopAll()
        }
    }

    @Test func aPausedHolderStopsActingTheMomentItsLeaseRunsOut() async throws {
        try await Self.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let a = Self.roster(database, "a")
            tasks.add { await a.perform(Self.irc, performers.work("a")) }
            // No renewal after this one: as if the process had been stopped (SIGSTOP) right after it.
            await a.tick()
            let renewed = ContinuousClock.now
            try await eventually("a works under its hold") { performers.hold("a") != nil }
            let hold = try #require(performers.hold("a"))
            #expect(hold.isHeld)
            #expect(a.heldDuties[Self.irc] == 1)
            // The hold ends on the monotonic clock a safety margin before the lease runs out in the database.
            #expect(a.safetyMargin == Self.interval / 2)
            try await Task.sleep(until: renewed + Self.lifetime - a.safetyMargin, clock: .continuous)
            #expect(!hold.isHeld, "no renewal since: the hold is over before the lease, without asking anyone")
            #expect(a.heldDuties.isEmpty)
            try await eventually("the work under the lost lease is cancelled") {
                performers.performing(Self.irc).isEmpty
            }
            print("paused holder: work cancelled \(ContinuousClock.now - renewed) after the last renewal")
            await tasks.stopAll()
        }
    }

    @Test func dutiesAreSpreadOverTheRosters() async throws {
        try await Self.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let duties = (1...6).map { Duty.connection("irc", "net\($0)") }
            let (a, b) = (Self.roster(database, "a"), Self.roster(database, "b"))
            tasks.add { await a.run() }
            tasks.add { await b.run() }
            try await eventually("both instances are alive") {
                try await RosterReport.read(from: database).instances.count == 2
            }
            for (name, roster) in [("a", a), ("b", b)] {
                tasks.add { await roster.performEach(duties, performers.work(name)) }
            }
            try await eventually("every duty is held") {
                Set(a.heldDuties.keys).union(b.heldDuties.keys).count == duties.count
            }
            let (heldByA, heldByB) = (Set(a.heldDuties.keys), Set(b.heldDuties.keys))
            #expect(heldByA.isDisjoint(with: heldByB), "\(heldByA) \(heldByB)")
            #expect(heldByA.union(heldByB) == Set(duties))
            #expect(!heldByA.isEmpty && !heldByB.isEmpty, "each instance holds its share: \(heldByA) \(heldByB)")
            let report = try await RosterReport.read(from: database)
            #expect(Set(report.duties.map(\.duty)) == Set(duties.map(\.name)))
            #expect(report.unheld.isEmpty)
            #expect(performers.overlaps == 0)
            await tasks.stopAll()
        }
    }

    @Test func aLateReleaseOfAnEarlierLeaseLeavesTheNewerOneHeld() async throws {
        try await Self.withDatabase { database in
            let lifetime: Int64 = 60_000
            let (first, second) = try await database.read { db in
                let first = try await LeaseTable.acquire(Self.irc, holder: "a", lifetime: lifetime, on: db)
                try await LeaseTable.release(Self.irc, holder: "a", token: try #require(first), on: db)
                let second = try await LeaseTable.acquire(Self.irc, holder: "a", lifetime: lifetime, on: db)
                return (try #require(first), try #require(second))
            }
            #expect(second == first + 1)
            // The release of the first lease arrives again, late, after the same instance took the duty anew.
            let current = try await database.read { db in
                try await LeaseTable.release(Self.irc, holder: "a", token: first, on: db)
                return try await LeaseTable.isCurrent(Self.irc, token: second, on: db)
            }
            #expect(current, "the newer lease is still held")
            let report = try await RosterReport.read(from: database)
            #expect(report.duties.map(\.token) == [second])
            let ended = try await database.read { db in
                try await LeaseTable.release(Self.irc, holder: "a", token: second, on: db)
                return try await LeaseTable.isCurrent(Self.irc, token: second, on: db)
            }
            #expect(!ended, "its own release ends it")
        }
    }

    @Test func rosterRenewsThroughItsOwnConnectionWhileEveryPooledOneIsBusy() async throws {
        let temporary = try await TemporaryDatabase.make(.postgres)
        guard case .postgres(let url) = temporary.location else {
            Issue.record("not a PostgreSQL database: \(temporary.location)")
            return
        }
        let database = try await temporary.open(logger: StorageTests.logger)
        let leaseDatabase = try await PostgresStore.open(url: url, logger: StorageTests.logger, maximumConnections: 1)
        let performers = Performers()
        let tasks = TaskBag()
        // Long transactions take every connection of the main pool (10) until the gate opens.
        let gate = Task { try? await Task.sleep(for: .seconds(3600)) }
        let tally = Tally()
        do {
            try await MigrationRunner(database: database, logger: StorageTests.logger)
                .run([(CorePlugin.id, CorePlugin.schemaMigrations)])
            for _ in 0..<10 {
                tasks.add {
                    try? await database.write { db in
                        try await db.raw("SELECT 1 AS one").run()
                        tally.add("busy")
                        await gate.value
                    }
                }
            }
            try await eventually("every pooled connection is busy") { tally["busy"] == 10 }
            tasks.add {
                _ = try? await database.read { try await $0.raw("SELECT 1 AS one").run() }
                tally.add("main read")
            }
            let roster = LeaseRoster(
                database: database, leaseDatabase: leaseDatabase, clock: SystemClock(), instanceID: "a",
                leaseLifetime: Self.lifetime, renewInterval: Self.interval, logger: StorageTests.logger)
            tasks.add { await roster.perform(Self.irc, performers.work("a")) }
            // Two rounds: the first takes the duty, the second renews it; each must end while the pool is busy.
            tasks.add {
                await roster.tick()
                tally.add("round")
                await roster.tick()
                tally.add("round")
            }
            try await eventually("the rounds did not wait for a pooled connection", within: Self.lifetime) {
                tally["round"] == 2
            }
            #expect(roster.heldDuties[Self.irc] == 1)
            try await eventually("a performs") { performers.performing(Self.irc) == ["a"] }
            let report = try await RosterReport.read(from: leaseDatabase)
            #expect(report.duties.map(\.holder) == ["a"])
            #expect(report.instances.map(\.id) == ["a"])
            #expect(tally["main read"] == 0, "the main pool was busy all along")
            #expect(tally["busy"] == 10)
        } catch {
            Issue.record(error)
        }
        gate.cancel()
        await tasks.stopAll()
        await leaseDatabase.close()
        await database.close()
        try await temporary.destroy()
    }
}

extension DutyRoster {
    /// Runs `work` on each of `duties` under its own hold, concurrently, until the calling task is
    /// cancelled.
    func performEach(_ duties: [Duty], _ work: @escaping @Sendable (DutyHold) async throws -> Void) async {
        await withDiscardingTaskGroup { group in
            for duty in duties {
                group.addTask { await perform(duty, work) }
            }
        }
    }
}

/// Who is performing which duty, across the rosters of one test.
final class Performers: Sendable {
    private struct State {
        var current: [Duty: Set<String>] = [:]
        var starts: [Duty: Int] = [:]
        var overlaps = 0
        var holds: [String: DutyHold] = [:]
    }

    private let state = Mutex(State())

    /// Work that records itself as `name`'s performance of its duty until it is cancelled.
    func work(_ name: String) -> @Sendable (DutyHold) async throws -> Void {
        { hold in
            self.state.withLock { state in
                if !(state.current[hold.duty] ?? []).isEmpty { state.overlaps += 1 }
                state.current[hold.duty, default: []].insert(name)
                state.starts[hold.duty, default: 0] += 1
                state.holds[name] = hold
            }
            defer { _ = self.state.withLock { $0.current[hold.duty]?.remove(name) } }
            try? await Task.sleep(for: .seconds(3600))
        }
    }

    /// Who performs `duty` now.
    func performing(_ duty: Duty) -> Set<String> { state.withLock { $0.current[duty] ?? [] } }
    /// How many times work on `duty` started.
    func starts(_ duty: Duty) -> Int { state.withLock { $0.starts[duty] ?? 0 } }
    /// How many times work started while another performer was still at it.
    var overlaps: Int { state.withLock { $0.overlaps } }
    /// The last hold `name` worked under.
    func hold(_ name: String) -> DutyHold? { state.withLock { $0.holds[name] } }
}

/// Named counts, shared by a test and the tasks it starts.
final class Tally: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func add(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    subscript(_ name: String) -> Int { counts.withLock { $0[name] ?? 0 } }
}

/// Tasks a test starts and stops together.
final class TaskBag: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    func add(_ operation: @escaping @Sendable () async -> Void) {
        let task = Task { await operation() }
        tasks.withLock { $0.append(task) }
    }

    /// Cancels every task and waits for them to end.
    func stopAll() async {
        let running = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
