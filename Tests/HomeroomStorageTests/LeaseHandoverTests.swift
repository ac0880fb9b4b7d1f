import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@testable import HomeroomStorage

/// Lease handovers between rosters on a real PostgreSQL server, each roster on a manual clock of
/// its own: a round happens when the test runs it, and a local hold ends when the test moves the
/// clock past it, so nothing waits on real time. The leases last a minute on the database's clock,
/// far longer than a test takes; where a lease must run out there, the test ends it in the table,
/// as the database's clock passing its end would.
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct LeaseHandoverTests {
    static let lifetime = Duration.seconds(60)
    static let interval = Duration.seconds(20)
    static let irc = Duty.connection("irc", "libera")

    static func roster(_ database: any Database, _ name: String, on clock: TestClock) -> LeaseRoster {
        LeaseRoster(
            database: database, clock: clock, instanceID: name, leaseLifetime: lifetime, renewInterval: interval,
            logger: StorageTests.logger)
    }

    static func clock() -> TestClock { TestClock("2026-11-24T08:00:00-05:00") }

    /// Ends the lease on `duty` in the table now, as the database's clock reaching its end would.
    static func runOut(_ duty: Duty, on database: any Database) async throws {
        try await database.write { db in
            try await db.raw(
                "UPDATE core_leases SET expires_at = \(LeaseTable.now) WHERE duty = \(bind: duty.name)"
            ).run()
        }
    }

    static func isCurrent(_ duty: Duty, token: Int64, on database: any Database) async throws -> Bool {
        try await database.write { try await LeaseTable.isCurrent(duty, token: token, on: $0) }
    }

    @Test func renewalsKeepTheDutyLongPastOneLeaseAndItLapsesOnlyWhenTheyStop() async throws {
        try await LeaseRosterTests.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let clock = Self.clock()
            let a = Self.roster(database, "a", on: clock)
            tasks.add { await a.perform(Self.irc, performers.work("a")) }
            try await eventually("a wants the duty") {
                await a.tick()
                return a.heldDuties[Self.irc] == 1
            }
            try await eventually("a works under its hold") { performers.hold("a") != nil }
            let hold = try #require(performers.hold("a"))
            // Ten rounds, one renewal interval apart: 200 s on the clock, more than three leases.
            for _ in 0..<10 {
                clock.advance(by: Self.interval.timeInterval)
                await a.tick()
                #expect(hold.isHeld)
            }
            #expect(a.heldDuties[Self.irc] == 1, "renewed under the same token")
            #expect(performers.performing(Self.irc) == ["a"])
            #expect(performers.starts(Self.irc) == 1, "the work ran on, never restarted")

            // The renewals stop: the hold lasts until a safety margin before the lease would end, no longer.
            let end = (Self.lifetime - a.safetyMargin).timeInterval
            clock.advance(by: end - 0.5)
            #expect(hold.isHeld)
            #expect(performers.performing(Self.irc) == ["a"])
            clock.advance(by: 0.5)
            #expect(!hold.isHeld)
            #expect(a.heldDuties.isEmpty)
            try await eventually("the work under the lapsed hold is cancelled") {
                performers.performing(Self.irc).isEmpty
            }
            await tasks.stopAll()
        }
    }

    @Test func aStalledHolderLosesTheDutyAndItsWritesToTheInstanceStandingBy() async throws {
        try await LeaseRosterTests.withDatabase { database in
            try await database.write { try await $0.raw("DELETE FROM fenced_notes").run() }
            let performers = Performers()
            let tasks = TaskBag()
            let (aClock, bClock) = (Self.clock(), Self.clock())
            let (a, b) = (Self.roster(database, "a", on: aClock), Self.roster(database, "b", on: bClock))
            tasks.add { await a.perform(Self.irc, performers.work("a")) }
            tasks.add { await b.perform(Self.irc, performers.work("b")) }
            try await eventually("a takes the duty") {
                await a.tick()
                return a.heldDuties[Self.irc] == 1
            }
            try await eventually("a works under its hold") { performers.hold("a") != nil }
            let oldHold = try #require(performers.hold("a"))

            // b's rounds find the duty held: b stands by, however long its own clock runs.
            for _ in 0..<5 {
                bClock.advance(by: Self.interval.timeInterval)
                await b.tick()
                #expect(b.heldDuties.isEmpty)
            }
            // a stalls (no more rounds): its hold ends on its clock while the database still counts
            // the lease, so a stops acting before b can take over.
            aClock.advance(by: (Self.lifetime - a.safetyMargin).timeInterval)
            #expect(!oldHold.isHeld)
            try await eventually("a's work is cancelled") { performers.performing(Self.irc).isEmpty }
            #expect(try await Self.isCurrent(Self.irc, token: oldHold.token, on: database))
            await b.tick()
            #expect(b.heldDuties.isEmpty, "not before the lease runs out in the database")

            try await Self.runOut(Self.irc, on: database)
            await b.tick()
            #expect(b.heldDuties[Self.irc] == oldHold.token + 1)
            try await eventually("b works under its hold") { performers.hold("b") != nil }
            let newHold = try #require(performers.hold("b"))
            #expect(performers.performing(Self.irc) == ["b"])
            #expect(performers.overlaps == 0)
            // a wakes and renews: the database no longer lists the lease as a's, so a stays out.
            await a.tick()
            #expect(a.heldDuties.isEmpty)
            await #expect(throws: DutyLost.self) {
                try await oldHold.database.write { db in
                    try await db.raw("INSERT INTO fenced_notes (note) VALUES ('from a')").run()
                }
            }
            try await newHold.database.write { db in
                try await db.raw("INSERT INTO fenced_notes (note) VALUES ('from b')").run()
            }
            #expect(try await LeaseRosterTests.notes(database) == ["from b"])
            await tasks.stopAll()
        }
    }

    @Test func aReleasedDutyIsTakenAtTheNextRoundOnTheClockAndNotBefore() async throws {
        try await LeaseRosterTests.withDatabase { database in
            let performers = Performers()
            let (first, second) = (TaskBag(), TaskBag())
            let (aClock, bClock) = (Self.clock(), Self.clock())
            let (a, b) = (Self.roster(database, "a", on: aClock), Self.roster(database, "b", on: bClock))
            first.add { await a.perform(Self.irc, performers.work("a")) }
            try await eventually("a takes the duty") {
                await a.tick()
                return a.heldDuties[Self.irc] == 1
            }
            second.add { await b.perform(Self.irc, performers.work("b")) }
            second.add { await b.run() }
            // b's run loop has had its first round (the duty was a's) and sleeps on its clock.
            try await eventually("b's first round is over") {
                let alive = try await RosterReport.read(from: database).instances.count
                return alive == 2 && bClock.sleeperCount == 1
            }
            await first.stopAll()
            let report = try await RosterReport.read(from: database)
            #expect(report.unheld == [Self.irc.name], "a released the duty on stopping")
            // The clock stands: b's loop sleeps, so the free duty waits for its next round.
            #expect(bClock.sleeperCount == 1)
            #expect(b.heldDuties.isEmpty)
            bClock.advance(by: Self.interval.timeInterval)
            try await eventually("b takes the duty at its next round") { b.heldDuties[Self.irc] == 2 }
            try await eventually("b performs") { performers.performing(Self.irc) == ["b"] }
            await second.stopAll()
        }
    }

    @Test func settingTheDateBackDoesNotLengthenAHold() async throws {
        try await LeaseRosterTests.withDatabase { database in
            let performers = Performers()
            let tasks = TaskBag()
            let clock = Self.clock()
            let a = Self.roster(database, "a", on: clock)
            tasks.add { await a.perform(Self.irc, performers.work("a")) }
            try await eventually("a takes the duty") {
                await a.tick()
                return a.heldDuties[Self.irc] == 1
            }
            try await eventually("a works under its hold") { performers.hold("a") != nil }
            let hold = try #require(performers.hold("a"))
            clock.set(to: clock.now.addingTimeInterval(-3600))
            #expect(hold.isHeld)
            clock.advance(by: (Self.lifetime - a.safetyMargin).timeInterval)
            #expect(!hold.isHeld, "the hold is counted on the clock's uptime, which the date change left alone")
            try await eventually("the work is cancelled") { performers.performing(Self.irc).isEmpty }
            await tasks.stopAll()
        }
    }
}
