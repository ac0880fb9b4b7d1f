import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Testing

@testable import HomeroomDiscord
@testable import HomeroomSlack
@testable import HomeroomWebhooks

@Suite struct OutgoingWebhookTests {
    static func worker(
        _ bot: TestBot, _ receiver: LoopbackHTTPServer, platform: any PlatformModule.Type = SlackPlatform.self
    ) -> OutboxDeliveryWorker {
        let sender = IncomingWebhookSender(
            platform: platform, urls: ["C0CAFE": receiver.url("/hooks/cafeteria")], fetcher: bot.runtime.fetcher,
            timeout: .seconds(5))
        return OutboxDeliveryWorker(outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
    }

    static func enqueue(_ bot: TestBot, _ count: Int, platform: WebhookPlatform = .slack) async throws {
        for index in 1...count {
            try await bot.runtime.outbox.enqueue(
                adapter: platform.rawValue, target: .channel("C0CAFE"), lines: ["Lunch \(index): soup & <bread>"],
                idempotencyKey: "lunch:\(index)")
        }
    }

    static func states(_ bot: TestBot) async throws -> [String] {
        try await bot.runtime.database.read { db in
            try await db.select().column("state").from("core_outbox").orderBy("id").all()
                .map { try $0.decode(column: "state", as: String.self) }
        }
    }

    @Test func aReceiverThatFailsThenRecoversGetsEveryMessageOnce() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        let unavailable = LoopbackHTTPServer.Response(status: 503, body: Array("down".utf8))
        receiver.serve("/hooks/cafeteria", sequence: [unavailable, unavailable, .init(status: 200)])
        try await TestBot.with { bot in
            try await Self.enqueue(bot, 3)
            let worker = Self.worker(bot, receiver)
            #expect(try await worker.deliverDue() == 1)
            #expect(try await bot.runtime.outbox.pendingCount(for: "slack") == 2)
            #expect(try await worker.deliverDue() == 0, "the failed ones wait for their backoff")
            bot.clock.advance(by: 5)
            #expect(try await worker.deliverDue() == 2)
            #expect(try await bot.runtime.outbox.pendingCount() == 0)

            let requests = receiver.requests
            #expect(requests.count == 5)
            let delivered = requests.dropFirst(2).compactMap { $0.headers["idempotency-key"] }
            #expect(Set(delivered) == ["lunch:1", "lunch:2", "lunch:3"])
            #expect(delivered.count == 3, "each message was accepted exactly once")
            #expect(requests.allSatisfy { $0.method == "POST" && $0.headers["content-type"] == "application/json" })
            #expect(requests.last?.text.contains("soup &amp; &lt;bread&gt;") == true, "\(requests.last?.text ?? "")")
            #expect(try await Self.states(bot) == ["delivered", "delivered", "delivered"])
        }
    }

    @Test func retryAfterOnA429IsHonoured() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve(
            "/hooks/cafeteria",
            sequence: [.init(status: 429, headers: [("Retry-After", "120")]), .init(status: 200)])
        try await TestBot.with { bot in
            try await Self.enqueue(bot, 1, platform: .discord)
            let worker = Self.worker(bot, receiver, platform: DiscordPlatform.self)
            #expect(try await worker.deliverDue() == 0)
            bot.clock.advance(by: 60)
            #expect(try await worker.deliverDue() == 0, "Discord asked for 120 s")
            bot.clock.advance(by: 60)
            #expect(try await worker.deliverDue() == 1)
            #expect(receiver.requests.last?.text.contains(#""content":"Lunch 1"#) == true)
        }
    }

    @Test func undeliverableMessagesAreGivenUpAtOnce() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/hooks/cafeteria", .init(status: 400, body: Array("invalid_payload".utf8)))
        try await TestBot.with { bot in
            let outbox = bot.runtime.outbox
            try await outbox.enqueue(
                adapter: "slack", target: .user(UserID("slack:T1:U1")!), lines: ["hi"], idempotencyKey: "dm")
            try await outbox.enqueue(
                adapter: "slack", target: .channel("C0UNKNOWN"), lines: ["hi"], idempotencyKey: "unknown")
            try await outbox.enqueue(adapter: "slack", target: .channel("C0CAFE"), lines: ["hi"], idempotencyKey: "bad")
            #expect(try await Self.worker(bot, receiver).deliverDue() == 0)
            #expect(try await outbox.pendingCount() == 0)
            #expect(try await Self.states(bot) == ["failed", "failed", "failed"])
            #expect(receiver.requests.count == 1, "only the configured channel was tried")
        }
    }

    @Test func retryAfterAsAnHTTPDateIsRead() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let later = now.addingTimeInterval(90)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let header = formatter.string(from: later)
        #expect(WebhookPoster.seconds(retryAfter: header, now: now) == 90)
        #expect(WebhookPoster.seconds(retryAfter: "7", now: now) == 7)
        #expect(WebhookPoster.seconds(retryAfter: "soon", now: now) == nil)
    }
}
