import Foundation
import HomeroomCore
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
}
