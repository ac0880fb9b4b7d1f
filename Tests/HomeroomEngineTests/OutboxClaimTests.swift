import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Synchronization
import Testing

/// A sender that counts every message it was given, by idempotency key, and lets other tasks run
/// during each send (as a network send would).
final class CountingSender: MessageSender {
    let adapter = "irc"
    private let counts = Mutex<[String: Int]>([:])

    var deliveries: [String: Int] { counts.withLock { $0 } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    func send(_ message: OutboxMessage) async throws {
        await Task.yield()
        counts.withLock { $0[message.idempotencyKey, default: 0] += 1 }
    }
}

/// Claims: workers over one database deliver disjoint rows, a dead worker's claims run out, and a
/// worker takes only the targets it is given.
@Suite struct OutboxClaimTests {
    static func enqueue(_ count: Int, on bot: TestBot, target: DeliveryTarget = .channel("#news")) async throws {
        let now = bot.clock.now
        try await bot.runtime.database.write { db in
            for index in 0..<count {
                try await Outbox.enqueue(
                    adapter: "irc", target: target, lines: ["notice \(index)"], idempotencyKey: "n\(index)", due: now,
                    into: db)
            }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func twoWorkersDeliverEachRowExactlyOnce(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await Self.enqueue(500, on: bot)
            let sender = CountingSender()
            let outboxes = ["one", "two"].map { Outbox(database: bot.runtime.database, clock: bot.clock, claimer: $0) }
            try await withThrowingTaskGroup(of: Int.self) { group in
                for outbox in outboxes {
                    group.addTask {
                        let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
                        var sent = 0
                        while try await outbox.pendingCount(for: "irc") > 0 { sent += try await worker.deliverDue() }
                        return sent
                    }
                }
                var sent = 0
                for try await count in group { sent += count }
                #expect(sent == 500)
            }
            let deliveries = sender.deliveries
            #expect(deliveries.count == 500)
            #expect(deliveries.values.allSatisfy { $0 == 1 }, "a row was sent twice")
            #expect(sender.total == 500)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aDeadWorkersClaimsAreTakenOnlyAfterTheyRunOut(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await Self.enqueue(3, on: bot)
            let dead = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "dead")
            let claimed = try await dead.claim(for: "irc")
            #expect(claimed.map(\.idempotencyKey) == ["n0", "n1", "n2"], "oldest first")
            #expect(try await dead.claim(for: "irc").isEmpty, "claimed rows are not claimed twice")

            let live = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "live")
            let sender = CountingSender()
            let worker = OutboxDeliveryWorker(outbox: live, sender: sender, logger: quietLogger)
            #expect(try await worker.deliverDue() == 0)
            #expect(
                try await live.nextDue(for: "irc") == bot.clock.now.addingTimeInterval(120), "wakes at the claim's end")
            bot.clock.advance(by: 119)
            #expect(try await worker.deliverDue() == 0)
            bot.clock.advance(by: 1)
            #expect(try await worker.deliverDue() == 3)
            #expect(sender.deliveries == ["n0": 1, "n1": 1, "n2": 1])
            #expect(try await live.pendingCount() == 0)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aCancelledWorkerReleasesWhatItDidNotTry(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await Self.enqueue(5, on: bot)
            let outbox = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "stopping")
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: CancellingSender(), logger: quietLogger)
            let stopped = Task { try await worker.deliverDue() }
            await #expect(throws: CancellationError.self) { try await stopped.value }
            // The one sent is recorded; the other four are free for any worker at once.
            #expect(try await outbox.pendingCount() == 4)
            let other = Outbox(database: bot.runtime.database, clock: bot.clock, claimer: "other")
            let taken = try await other.claim(for: "irc")
            #expect(taken.map(\.idempotencyKey) == ["n1", "n2", "n3", "n4"])
        }
    }

    /// Cancels the task that sends through it, at the first message.
    struct CancellingSender: MessageSender {
        let adapter = "irc"
        func send(_ message: OutboxMessage) async throws {
            withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func targetsTakeExactlyTheirRowsWhateverTheNamesHold(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let targets: [String] = [
                "channel:libera/#lunch", "user:irc:libera:ann", "channel:#plain", "channel:li_era/#x",
                "user:irc:li_era:bob", "channel:l%/#y", "user:irc:l%:cy", "channel:oftc/#z", "user:irc:oftc:dee",
                "channel:LIBERA/#upper",
            ]
            for (index, stored) in targets.enumerated() {
                let target = try #require(DeliveryTarget(stored: stored))
                try await bot.runtime.outbox.enqueue(
                    adapter: "irc", target: target, lines: ["to \(stored)"], idempotencyKey: "k\(index)")
            }
            func taken(_ prefixes: [String], plain: Bool) async throws -> Set<String> {
                let sender = RecordingSender()
                let worker = OutboxDeliveryWorker(
                    outbox: bot.runtime.outbox, sender: sender, logger: quietLogger,
                    targets: .matching(prefixes: prefixes, alsoChannelsWithoutSlash: plain))
                try await worker.deliverDue()
                return Set(sender.sent.map(\.target.description))
            }
            let libera = try await taken(["channel:libera/", "user:irc:libera:"], plain: true)
            #expect(libera == ["channel:libera/#lunch", "user:irc:libera:ann", "channel:#plain"])
            let underscore = try await taken(["channel:li_era/", "user:irc:li_era:"], plain: false)
            #expect(underscore == ["channel:li_era/#x", "user:irc:li_era:bob"])
            let percent = try await taken(["channel:l%/", "user:irc:l%:"], plain: false)
            #expect(percent == ["channel:l%/#y", "user:irc:l%:cy"])
            #expect(try await taken([], plain: false).isEmpty, "no prefix takes nothing")
            #expect(try await bot.runtime.outbox.pendingCount() == 3)
            let oftc = OutboxTargets.matching(prefixes: ["channel:oftc/"], alsoChannelsWithoutSlash: false)
            #expect(try await bot.runtime.outbox.nextDue(for: "irc", targets: oftc) == bot.clock.now)
            let gone = OutboxTargets.matching(prefixes: ["channel:libera/"], alsoChannelsWithoutSlash: true)
            #expect(try await bot.runtime.outbox.nextDue(for: "irc", targets: gone) == nil, "its rows are delivered")
            let everything = try await taken(["channel:", "user:"], plain: false)
            #expect(everything == ["channel:oftc/#z", "user:irc:oftc:dee", "channel:LIBERA/#upper"])
        }
    }
}
