import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Telegram notifications from the outbox, against a loopback Bot API that enforces Telegram's
/// limits: flood control's `retry_after` is waited out, and a group gets at most 20 a minute.
@Suite struct TelegramDeliveryTests {
    typealias Harness = TelegramHarness

    /// The outbox's worker for Telegram, pacing on `pacing`, which also meters the Bot API.
    static func worker(_ telegram: Harness, pacing: TestClock) throws -> OutboxDeliveryWorker {
        let sender = try #require(
            TelegramPlatform.sender(telegram.web.settings, dependencies: telegram.web.dependencies, clock: pacing))
        return OutboxDeliveryWorker(outbox: telegram.bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
    }

    /// Delivers what is due, moving `pacing` on while the sender waits for it.
    static func deliverDue(_ worker: OutboxDeliveryWorker, pacing: TestClock) async throws -> Int {
        let advancing = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(1))
                if pacing.sleeperCount > 0 { pacing.advance(by: 0.25) }
            }
        }
        defer { advancing.cancel() }
        return try await worker.deliverDue()
    }

    @Test func floodControlsRetryAfterIsWaitedOut() async throws {
        let pacing = TestClock("2026-11-23T08:00:00-05:00")
        try await Harness.with(apiClock: pacing) { telegram in
            let worker = try Self.worker(telegram, pacing: pacing)
            let outbox = telegram.bot.runtime.outbox
            telegram.telegram.floodWait(Harness.group, seconds: 7)
            try await outbox.enqueue(
                adapter: "telegram", target: .channel("telegram:\(Harness.group)"), lines: ["Chess club meets at 3"],
                idempotencyKey: "circle:chess:1")
            #expect(try await Self.deliverDue(worker, pacing: pacing) == 0)
            #expect(try await Self.deliverDue(worker, pacing: pacing) == 0, "not due again before retry_after")
            telegram.bot.clock.advance(by: 8)
            pacing.advance(by: 8)
            #expect(try await Self.deliverDue(worker, pacing: pacing) == 1)
            #expect(telegram.telegram.refusals.map(\.code) == [429], "no second 429")
            #expect(telegram.telegram.messages.map(\.chatID) == [Harness.group])
        }
    }

    @Test func aGroupGetsAtMostTwentyMessagesAMinute() async throws {
        let pacing = TestClock("2026-11-23T08:00:00-05:00")
        try await Harness.with(apiClock: pacing) { telegram in
            let worker = try Self.worker(telegram, pacing: pacing)
            let outbox = telegram.bot.runtime.outbox
            for number in 1...25 {
                try await outbox.enqueue(
                    adapter: "telegram", target: .channel("telegram:\(Harness.group)"), lines: ["Notice \(number)"],
                    idempotencyKey: "notice:\(number)")
            }
            #expect(try await Self.deliverDue(worker, pacing: pacing) == 25)
            let sent = telegram.telegram.messages
            #expect(sent.count == 25)
            #expect(telegram.telegram.refusals.isEmpty, "\(telegram.telegram.refusals)")
            for index in 20..<sent.count {
                #expect(sent[index].arrivedAt - sent[index - 20].arrivedAt >= 60, "message \(index + 1)")
            }
            for index in 1..<sent.count {
                #expect(sent[index].arrivedAt - sent[index - 1].arrivedAt >= 1, "one a second in a chat")
            }
        }
    }

    @Test func aPersonsNotificationGoesToTheirPrivateChat() async throws {
        let pacing = TestClock("2026-11-23T08:00:00-05:00")
        try await Harness.with(apiClock: pacing) { telegram in
            let worker = try Self.worker(telegram, pacing: pacing)
            try await telegram.bot.runtime.outbox.enqueue(
                adapter: "telegram", target: .user(UserID(adapter: "telegram", id: String(Harness.parent))),
                lines: ["Lunch for Monday: <Tacos> & rice"], idempotencyKey: "sub:1")
            #expect(try await Self.deliverDue(worker, pacing: pacing) == 1)
            let sent = try #require(telegram.telegram.messages.first)
            #expect(sent.chatID == Harness.parent)
            #expect(sent.visibleText == "Lunch for Monday: <Tacos> & rice")
        }
    }
}
