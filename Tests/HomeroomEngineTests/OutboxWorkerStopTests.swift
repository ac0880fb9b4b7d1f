import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Synchronization
import Testing

/// A worker stopped part-way (cancelled during a send, a database error, its hold lost) records
/// what went out, releases what it did not try, and sends nothing once its hold is gone.
@Suite struct OutboxWorkerStopTests {
    /// Sends every message by key and runs `onSend` on each (its index among the sends so far).
    final class ScriptedSender: MessageSender {
        let adapter = "irc"
        private let keys = Mutex<[String]>([])
        let onSend: @Sendable (Int) throws -> Void

        init(onSend: @escaping @Sendable (Int) throws -> Void) {
            self.onSend = onSend
        }

        var sent: [String] { keys.withLock { $0 } }

        func send(_ message: OutboxMessage) async throws {
            let index = keys.withLock { keys in
                keys.append(message.idempotencyKey)
                return keys.count - 1
            }
            try onSend(index)
        }
    }

    /// What a send interrupted by its task's cancellation throws (a network client's own error).
    struct Interrupted: Error {}

    /// The error of a write refused while the connection is down.
    struct ConnectionLost: Error {}

    /// The real database, whose next write fails once after ``failNextWrite()`` (a dropped connection).
    struct FlakyDatabase: Database {
        let base: any Database
        let armed = Trigger()

        final class Trigger: Sendable {
            let failing = Mutex(false)
        }

        func failNextWrite() { armed.failing.withLock { $0 = true } }

        var backend: DatabaseBackend { base.backend }

        func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
            try await base.read(body)
        }

        func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
            let fails = armed.failing.withLock { failing in
                defer { failing = false }
                return failing
            }
            if fails { throw ConnectionLost() }
            return try await base.write(body)
        }

        func fullTextIndex(table: String, fields: [String]) -> any FullTextIndex {
            base.fullTextIndex(table: table, fields: fields)
        }

        var seenSignatures: any SeenSignatures { base.seenSignatures }

        func close() async {}
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSendCancelledWithTheWorkerIsReleasedNotRecordedAsAFailure(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await OutboxClaimTests.enqueue(5, on: bot)
            let outbox = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "stopping")
            let sender = ScriptedSender { index in
                guard index == 1 else { return }
                withUnsafeCurrentTask { $0?.cancel() }
                throw Interrupted()
            }
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            let stopped = Task { try await worker.deliverDue() }
            await #expect(throws: CancellationError.self) { try await stopped.value }
            #expect(sender.sent == ["n0", "n1"])
            #expect(try await outbox.pendingCount() == 4, "the one that went out before is recorded")
            let other = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "other")
            let taken = try await other.claim(for: "irc")
            #expect(taken.map(\.idempotencyKey) == ["n1", "n2", "n3", "n4"], "the interrupted one is released too")
            let interrupted = try #require(taken.first)
            #expect(interrupted.failedAttempts == 0, "an interrupted send is no failed attempt")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aDatabaseErrorAfterASendRecordsWhatWentOutAndReleasesTheRest(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await OutboxClaimTests.enqueue(5, on: bot)
            let database = FlakyDatabase(base: bot.runtime.database)
            let outbox = Outbox(database: database, clock: bot.clock, claimer: "flaky")
            // The write after the first send records it, while the second is sent: it fails.
            let sender = ScriptedSender { index in
                if index == 0 { database.failNextWrite() }
            }
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            await #expect(throws: ConnectionLost.self) { try await worker.deliverDue() }
            #expect(sender.sent == ["n0", "n1"], "it stops at the error")
            #expect(try await outbox.pendingCount() == 3, "both that went out are recorded")
            let other = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "other")
            let taken = try await other.claim(for: "irc")
            #expect(taken.map(\.idempotencyKey) == ["n2", "n3", "n4"], "the rest are free at once")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aWorkerWhoseHoldIsNoLongerHeldSendsNothingMore(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await OutboxClaimTests.enqueue(3, on: bot)
            let held = Mutex(true)
            let hold = DutyHold(duty: .delivery("irc"), token: 4, database: bot.runtime.database) {
                held.withLock { $0 }
            }
            // Paused past its lease after the first send: it wakes with the hold gone.
            let sender = ScriptedSender { index in
                if index == 0 { held.withLock { $0 = false } }
            }
            let worker = OutboxDeliveryWorker(
                outbox: bot.runtime.outbox.working(under: hold), sender: sender, logger: quietLogger)
            await #expect(throws: DutyLost.self) { try await worker.deliverDue() }
            #expect(sender.sent == ["n0"], "nothing is sent once the hold is gone")
            #expect(try await bot.runtime.outbox.pendingCount() == 3, "nothing is written either")
            let other = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "other")
            let taken = try await other.claim(for: "irc")
            #expect(taken.isEmpty, "the claims are left for the next holder to take over")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFailureOnARowAnotherWorkerHoldsIsNotRecorded(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await OutboxClaimTests.enqueue(1, on: bot)
            let late = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "late")
            let message = try #require(try await late.claim(for: "irc").first)
            bot.clock.advance(by: late.claimLifetime)
            let owner = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "owner")
            #expect(try await owner.claim(for: "irc").map(\.id) == [message.id])
            let lateRetries = try await late.markFailed(message, error: "503")
            #expect(!lateRetries, "the row is the owner's now")
            #expect(try await bot.runtime.outbox.nextDue(for: "irc") == bot.clock.now.addingTimeInterval(120))
            let ownerRetries = try await owner.markFailed(message, error: "503")
            #expect(ownerRetries)
        }
    }
}
