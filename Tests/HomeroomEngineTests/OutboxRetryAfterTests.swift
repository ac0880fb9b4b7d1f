import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// A platform's `Retry-After` is outside input: any number it sends delays a message by a day at most.
@Suite struct OutboxRetryAfterTests {
    @Test(arguments: [Double.infinity, 1e300, Double.nan, -5])
    func anyRetryAfterIsClampedToADay(retryAfter: Double) async throws {
        try await TestBot.with { bot in
            let outbox = bot.runtime.outbox
            try await outbox.enqueue(adapter: "irc", target: .channel("#x"), lines: ["x"], idempotencyKey: "x")
            let claimed = try await outbox.claim(for: "irc")
            let message = try #require(claimed.first)
            let retried = try await outbox.markFailed(message, error: "429 Too Many Requests", retryAfter: retryAfter)
            let next = try await outbox.nextDue(for: "irc")
            #expect(retried)
            let wait = try #require(next).timeIntervalSince(bot.clock.now)
            #expect(wait >= outbox.retryPolicy.firstDelay && wait <= 86_400, "waits \(wait) s")
        }
    }

    /// `due_at` holds whole seconds: a `Retry-After: 8` answered half-way through a second is
    /// retried at the next whole second after the 8 s, never at 7.5 s.
    @Test func aRetryAfterIsNeverCutShortByTheWholeSecondsStored() async throws {
        try await TestBot.with { bot in
            let outbox = bot.runtime.outbox
            let sender = RecordingSender()
            let worker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: quietLogger)
            try await outbox.enqueue(adapter: "irc", target: .channel("#x"), lines: ["x"], idempotencyKey: "x")
            bot.clock.advance(by: 0.5)
            let failedAt = bot.clock.now
            sender.failNext(1, retryAfter: 8)
            #expect(try await worker.deliverDue() == 0)

            bot.clock.set(to: failedAt.addingTimeInterval(7.5))
            #expect(try await worker.deliverDue() == 0, "retried 7.5 s after Retry-After: 8")
            bot.clock.set(to: failedAt.addingTimeInterval(7.999))
            #expect(try await worker.deliverDue() == 0)
            let next = try #require(try await outbox.nextDue(for: "irc"))
            #expect(next.timeIntervalSince(failedAt) >= 8, "due \(next.timeIntervalSince(failedAt)) s after")
            bot.clock.set(to: next)
            #expect(try await worker.deliverDue() == 1)
            #expect(sender.sent.map(\.idempotencyKey) == ["x"])
        }
    }
}
