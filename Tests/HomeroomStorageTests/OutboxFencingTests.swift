import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import Synchronization
import Testing

@testable import HomeroomStorage

/// Outbox delivery under a lease (PostgreSQL): a worker whose lease passed on mid-delivery cannot
/// record what it sent, and those messages go out again, with their keys, once its claims run out;
/// a worker paused past its lease sends nothing when it wakes.
@Suite(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct OutboxFencingTests {
    static let logger: Logger = {
        var logger = Logger(label: "homeroom.test")
        logger.logLevel = .critical
        return logger
    }()

    /// Records each message by key; at the first one, hands the lease on `duty` to another instance.
    final class LeaseLosingSender: MessageSender {
        let adapter = "slack"
        let database: any Database
        let duty: Duty
        private let state = Mutex<(keys: [String], handedOver: Bool)>(([], false))
        /// What the first holder's lease looks like to it: false once the lease is handed over.
        let firstHeld = Mutex(true)

        init(database: any Database, duty: Duty) {
            self.database = database
            self.duty = duty
        }

        var keys: [String] { state.withLock { $0.keys } }

        func send(_ message: OutboxMessage) async throws {
            let handOver = state.withLock { state in
                state.keys.append(message.idempotencyKey)
                defer { state.handedOver = true }
                return !state.handedOver
            }
            guard handOver else { return }
            try await database.read { [duty] db in
                try await LeaseTable.release(duty, holder: "first", token: 1, on: db)
                _ = try await LeaseTable.acquire(duty, holder: "second", lifetime: 60_000, on: db)
            }
            firstHeld.withLock { $0 = false }
        }
    }

    /// Runs `body` on a migrated database where "first" holds `delivery:slack` (with the token
    /// passed) and stories s0, s1, s2 wait for Slack in an outbox on a test clock.
    static func withThreeStoriesQueued(
        _ body: (any Database, Duty, Int64, TestClock, Outbox) async throws -> Void
    ) async throws {
        try await TemporaryDatabase.with(.postgres, logger: logger) { database in
            _ = try await MigrationRunner(database: database, logger: logger).run([
                (CorePlugin.id, CorePlugin.schemaMigrations)
            ])
            let duty = Duty.delivery("slack")
            let first = try #require(
                try await database.read { db in
                    try await LeaseTable.acquire(duty, holder: "first", lifetime: 60_000, on: db)
                })
            let clock = TestClock("2026-11-23T10:00:00Z")
            let outbox = Outbox(database: database, clock: clock)
            for index in 0..<3 {
                try await outbox.enqueue(
                    adapter: "slack", target: .channel("#news"), lines: ["story \(index)"], idempotencyKey: "s\(index)")
            }
            try await body(database, duty, first, clock, outbox)
        }
    }

    /// The token "second" holds `duty` with, once the sender has handed the lease over.
    static func secondHoldersToken(on duty: Duty, in database: any Database) async throws -> Int64 {
        let renewed = try await database.read { db in
            try await LeaseTable.renew(holder: "second", lifetime: 60_000, on: db)
        }
        return try #require(renewed[duty], "the sender handed the lease over")
    }

    @Test func aDeliveryRecordedUnderALostLeaseIsRefusedAndSentAgainWithItsKey() async throws {
        try await Self.withThreeStoriesQueued { database, duty, first, clock, outbox in
            let hold = DutyHold(
                duty: duty, token: first, database: FencedDatabase(database, duty: duty, token: first)
            ) { true }
            let sender = LeaseLosingSender(database: database, duty: duty)
            let fenced = OutboxDeliveryWorker(outbox: outbox.working(under: hold), sender: sender, logger: Self.logger)
            await #expect(throws: DutyLost.self) { try await fenced.deliverDue() }
            let sentUnderLostLease = sender.keys
            #expect(sentUnderLostLease == ["s0", "s1"], "the one sent and the one whose record was refused")
            #expect(try await outbox.pendingCount() == 3, "nothing was recorded under the lost lease")

            let second = try await Self.secondHoldersToken(on: duty, in: database)
            #expect(second == first + 1)
            let newHold = DutyHold(
                duty: duty, token: second, database: FencedDatabase(database, duty: duty, token: second)
            ) { true }
            let taker = OutboxDeliveryWorker(
                outbox: outbox.working(under: newHold), sender: sender, logger: Self.logger)
            #expect(try await taker.deliverDue() == 0, "the claims of the lost lease hold until they run out")
            clock.advance(by: outbox.claimLifetime)
            #expect(try await taker.deliverDue() == 3)
            #expect(sender.keys == ["s0", "s1", "s0", "s1", "s2"], "sent again with the same keys")
            #expect(try await outbox.pendingCount() == 0)
        }
    }

    @Test func aHolderPausedPastItsLeaseSendsNothingWhenItWakes() async throws {
        try await Self.withThreeStoriesQueued { database, duty, first, _, outbox in
            // The first holder is paused while sending s0; the second takes the duty meanwhile.
            let sender = LeaseLosingSender(database: database, duty: duty)
            let hold = DutyHold(
                duty: duty, token: first, database: FencedDatabase(database, duty: duty, token: first)
            ) { [sender] in sender.firstHeld.withLock { $0 } }
            let paused = OutboxDeliveryWorker(outbox: outbox.working(under: hold), sender: sender, logger: Self.logger)
            await #expect(throws: DutyLost.self) { try await paused.deliverDue() }
            #expect(sender.keys == ["s0"], "nothing is sent after waking")

            let second = try await Self.secondHoldersToken(on: duty, in: database)
            let newHold = DutyHold(
                duty: duty, token: second, database: FencedDatabase(database, duty: duty, token: second)
            ) { true }
            let taker = outbox.working(under: newHold)
            #expect(try await taker.takeOverClaims(for: "slack") == 3)
            let worker = OutboxDeliveryWorker(outbox: taker, sender: sender, logger: Self.logger)
            #expect(try await worker.deliverDue() == 3)
            #expect(sender.keys == ["s0", "s0", "s1", "s2"], "only the one sent before the pause goes twice")
            #expect(try await outbox.pendingCount() == 0)
        }
    }
}
