import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import SQLKit
import Synchronization
import Testing

/// A sender that records what it was given and fails while told to.
final class RecordingSender: MessageSender {
    let adapter = "irc"
    private let state = Mutex<(sent: [OutboxMessage], failuresLeft: Int, retryAfter: Double?)>(([], 0, nil))

    func failNext(_ count: Int, retryAfter: Double? = nil) {
        state.withLock {
            $0.failuresLeft = count
            $0.retryAfter = retryAfter
        }
    }
    var sent: [OutboxMessage] { state.withLock { $0.sent } }

    func send(_ message: OutboxMessage) async throws {
        try state.withLock { state in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw DeliveryFailure("503 Service Unavailable", retryAfter: state.retryAfter)
            }
            state.sent.append(message)
        }
    }
}

/// A logger that keeps expected failures out of the test output.
let quietLogger: Logger = {
    var logger = Logger(label: "homeroom.test")
    logger.logLevel = .critical
    return logger
}()

@Suite struct OutboxTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func messagesAreDeliveredOnceAndKeysAreNotRepeated(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let outbox = bot.runtime.outbox
            #expect(
                try await outbox.enqueue(
                    adapter: "irc", target: .channel("#cafeteria"), lines: ["Lunch: tacos", "Fries: yes"],
                    idempotencyKey: "lunch:2026-11-23:#cafeteria"))
            #expect(
                try await !outbox.enqueue(
                    adapter: "irc", target: .channel("#cafeteria"), lines: ["again"],
                    idempotencyKey: "lunch:2026-11-23:#cafeteria"))
            try await outbox.enqueue(
                adapter: "slack", target: .user(UserID("slack:U1")!), lines: ["hi"], idempotencyKey: "other")
            let sender = RecordingSender()
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            #expect(try await worker.deliverDue() == 1)
            #expect(sender.sent.map(\.lines) == [["Lunch: tacos", "Fries: yes"]])
            #expect(sender.sent.first?.target == .channel("#cafeteria"))
            #expect(try await worker.deliverDue() == 0)
            #expect(try await outbox.pendingCount(for: "irc") == 0)
            #expect(try await outbox.pendingCount() == 1)
        }
    }

    @Test func failuresAreRetriedWithBackoffAndRetryAfterIsHonoured() async throws {
        try await TestBot.with { bot in
            let outbox = bot.runtime.outbox
            try await outbox.enqueue(adapter: "irc", target: .channel("#news"), lines: ["story"], idempotencyKey: "n1")
            let sender = RecordingSender()
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            sender.failNext(2)
            #expect(try await worker.deliverDue() == 0)
            bot.clock.advance(by: 4)
            #expect(try await worker.deliverDue() == 0)  // not due before 5 s
            bot.clock.advance(by: 1)
            #expect(try await worker.deliverDue() == 0)  // second failure: next try after 10 s
            #expect(try await outbox.nextDue(for: "irc") == bot.clock.now.addingTimeInterval(10))
            bot.clock.advance(by: 10)
            #expect(try await worker.deliverDue() == 1)
            #expect(sender.sent.count == 1)

            try await outbox.enqueue(adapter: "irc", target: .channel("#news"), lines: ["later"], idempotencyKey: "n2")
            sender.failNext(1, retryAfter: 120)
            #expect(try await worker.deliverDue() == 0)
            #expect(try await outbox.nextDue(for: "irc") == bot.clock.now.addingTimeInterval(120))
        }
    }

    @Test func aMessageIsGivenUpAfterTheLastAttempt() async throws {
        try await TestBot.with { bot in
            let outbox = Outbox(
                database: bot.runtime.database, clock: bot.clock,
                retryPolicy: .init(firstDelay: 1, maximumDelay: 1, maximumAttempts: 3))
            try await outbox.enqueue(adapter: "irc", target: .channel("#x"), lines: ["x"], idempotencyKey: "x")
            let sender = RecordingSender()
            sender.failNext(10)
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            for _ in 0..<3 {
                try await worker.deliverDue()
                bot.clock.advance(by: 1)
            }
            #expect(try await outbox.pendingCount() == 0)
            #expect(try await outbox.nextDue(for: "irc") == nil)
        }
    }

    @Test func pendingMessagesSurviveARestartAndARolledBackChangeEnqueuesNothing() async throws {
        let bot = try await TestBot.start()
        try await bot.runtime.outbox.enqueue(
            adapter: "irc", target: .user(UserID("irc:ann")!), lines: ["kept"], idempotencyKey: "k")
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await bot.runtime.database.write { db in
                try await Outbox.enqueue(
                    adapter: "irc", target: .channel("#x"), lines: ["lost"], idempotencyKey: "rolled-back", due: Date(),
                    into: db)
                throw Abort()
            }
        }
        let restarted = try await bot.restarted()
        let sender = RecordingSender()
        let worker = OutboxDeliveryWorker(outbox: restarted.runtime.outbox, sender: sender, logger: quietLogger)
        #expect(try await worker.deliverDue() == 1)
        #expect(sender.sent.map(\.lines) == [["kept"]])
        #expect(sender.sent.first?.target == .user(UserID("irc:ann")!))
        await restarted.stop()
    }

    @Test func theRunningWorkerFindsNewMessagesAtItsNextPoll() async throws {
        try await TestBot.with { bot in
            let sender = RecordingSender()
            let worker = OutboxDeliveryWorker(
                outbox: bot.runtime.outbox, sender: sender, logger: quietLogger, pollInterval: 60)
            let task = Task { await worker.run() }
            defer { task.cancel() }
            try await eventually("the worker sleeps until its next poll") { bot.clock.sleeperCount == 1 }
            _ = try await bot.runtime.database.write { [now = bot.clock.now] db in
                try await Outbox.enqueue(
                    adapter: "irc", target: .channel("#x"), lines: ["at ten"], idempotencyKey: "t",
                    due: now.addingTimeInterval(30),
                    into: db)
            }
            bot.clock.advance(by: 60)  // the poll finds it, due in the past by now
            try await eventually("the message is sent") { sender.sent.count == 1 }
            #expect(sender.sent.first?.lines == ["at ten"])
        }
    }

    @Test func aMessageQueuedInThisProcessWakesTheSleepingWorkerAtOnce() async throws {
        try await TestBot.with { bot in
            let sender = RecordingSender()
            let worker = OutboxDeliveryWorker(
                outbox: bot.runtime.outbox, sender: sender, logger: quietLogger, pollInterval: 3600)
            let task = Task { await worker.run() }
            defer { task.cancel() }
            try await eventually("the worker sleeps for an hour") { bot.clock.sleeperCount == 1 }
            try await bot.runtime.outbox.enqueue(
                adapter: "irc", target: .channel("#x"), lines: ["lockdown"], idempotencyKey: "urgent")
            // The clock stands still: only the bell can have woken it.
            try await eventually("the message is sent") { sender.sent.count == 1 }
            #expect(sender.sent.first?.lines == ["lockdown"])
            try await eventually("the worker sleeps again") { bot.clock.sleeperCount == 1 }
        }
    }
}

@Suite struct DeadLetterTests {
    /// A sender whose platform refuses every message for good.
    struct RefusingSender: MessageSender {
        let adapter = "slack"
        func send(_ message: OutboxMessage) async throws {
            throw DeliveryFailure("no incoming webhook for #gone", isPermanent: true)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func adminsSeeGivenUpNotificationsAndSendOneAgain(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/admin outbox", from: "console:admin", contains: "Nothing waits for delivery. Nothing was given up.")
            let outbox = bot.runtime.outbox
            try await outbox.enqueue(
                adapter: "slack", target: .channel("#gone"),
                lines: ["Lunch today: tacos and a very long line of sides"],
                idempotencyKey: "lunch:1")
            try await outbox.enqueue(
                adapter: "irc", target: .channel("#main"), lines: ["waiting"], idempotencyKey: "n:2")
            #expect(
                try await OutboxDeliveryWorker(outbox: outbox, sender: RefusingSender(), logger: quietLogger)
                    .deliverDue() == 0)

            let listing = try await bot.expect("/admin outbox", from: "console:admin")
            #expect(
                listing.lines == [
                    "1 waiting: irc 1.", "1 given up:",
                    "#1 slack → channel:#gone after 1 attempt: no incoming webhook for #gone — \"Lunch today: tacos and a very long line of sides\"",
                    "Send one again with /admin outbox retry NUMBER.",
                ])
            #expect(listing.visibility == .sender)
            try await bot.expect("/admin outbox", contains: "you need the admin.outbox permission", error: true)
            try await bot.expect(
                "/admin outbox retry 7", from: "console:admin", contains: "no given-up notification #7", error: true)
            try await bot.expect(
                "/admin outbox retry x", from: "console:admin", contains: "usage: /admin outbox retry NUMBER",
                error: true)
            try await bot.expect(
                "/admin outbox retry #1", from: "console:admin", contains: "Notification #1 is queued again.")
            #expect(try await outbox.pendingCounts() == ["irc": 1, "slack": 1])
            #expect(try await outbox.deadLetterCount() == 0)
            let audit = try await AuditLog.recent(5, in: bot.runtime.database)
            #expect(audit.first?.action == "admin.outbox.retry" && audit.first?.detail == "notification 1")
        }
    }
}
