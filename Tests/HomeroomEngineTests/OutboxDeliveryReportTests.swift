import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// What platforms report of sent messages: recorded against the platform's id, only forwards,
/// and counted in the tally of an announcement's messages.
@Suite struct OutboxDeliveryReportTests {
    /// Queues and sends `count` texts under `announce:1:`, returning them in order.
    static func sendTexts(_ count: Int, _ bot: TestBot) async throws -> [OutboxMessage] {
        let outbox = bot.runtime.outbox
        for index in 0..<count {
            try await outbox.enqueue(
                adapter: "sms", target: .user(UserID(adapter: "sms", id: "+1202555010\(index)")), lines: ["Snow day"],
                idempotencyKey: "announce:1:person:\(index)")
        }
        let sent = try await outbox.claim(for: "sms")
        try await outbox.markDelivered(sent)
        return sent
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aReportMovesOnlyForwardAndAnUnknownIdIsIgnored(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let outbox = bot.runtime.outbox
            let texts = try await Self.sendTexts(2, bot)
            try await outbox.recordPlatformMessageID("SM-first", of: texts[0])
            try await outbox.recordPlatformMessageID("SM-second", of: texts[1])
            let now = bot.clock.now
            func record(_ report: Outbox.DeliveryReport, _ id: String, adapter: String = "sms") async throws
                -> Outbox.DeliveryRecord
            {
                try await outbox.recordDelivery(report, ofPlatformMessage: id, adapter: adapter, at: now)
            }
            #expect(try await record(.delivered, "SM-first") == .recorded)
            #expect(try await record(.delivered, "SM-first") == .unchanged, "a repeat changes nothing")
            #expect(
                try await record(.undelivered(reason: "undelivered (error 30003)"), "SM-first") == .unchanged,
                "a delivered message stays delivered")
            #expect(try await record(.undelivered(reason: "undelivered (error 30003)"), "SM-second") == .recorded)
            #expect(try await record(.delivered, "SM-second") == .recorded, "a late receipt proves it arrived")
            #expect(try await record(.delivered, "SM-unknown") == .unknownMessage)
            #expect(try await record(.delivered, "SM-first", adapter: "whatsapp") == .unknownMessage)
            #expect(try await record(.delivered, "") == .unknownMessage)
            let tally = try #require(try await outbox.tally(keyPrefix: "announce:1:", at: now)["sms"])
            #expect(tally.sent == 2)
            #expect(tally.delivered == 2)
            #expect(tally.failedCount == 0)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func theTallyCountsDeliveriesAndUndeliveredAsFailedWithTheReason(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let outbox = bot.runtime.outbox
            let texts = try await Self.sendTexts(3, bot)
            let start = bot.clock.now
            for (index, text) in texts.enumerated() {
                try await outbox.recordPlatformMessageID("SM-\(index)", of: text)
            }
            try await outbox.recordDelivery(
                .delivered, ofPlatformMessage: "SM-0", adapter: "sms", at: start.addingTimeInterval(42))
            try await outbox.recordDelivery(
                .undelivered(reason: "undelivered (error 30003)"), ofPlatformMessage: "SM-1", adapter: "sms",
                at: start.addingTimeInterval(50))
            // A platform with no delivery reports: its messages carry no platform id.
            try await outbox.enqueue(
                adapter: "telegram", target: .user(UserID(adapter: "telegram", id: "7")), lines: ["Snow day"],
                idempotencyKey: "announce:1:person:t")
            try await outbox.markDelivered(try await outbox.claim(for: "telegram"))

            let tallies = try await outbox.tally(keyPrefix: "announce:1:", at: start)
            let sms = try #require(tallies["sms"])
            #expect(sms.sent == 2, "the undelivered one is no longer counted sent")
            #expect(sms.delivered == 1)
            #expect(sms.failed == ["undelivered (error 30003)": 1])
            #expect(sms.lastDeliveryAt == start.addingTimeInterval(42), "the delivery's time, not the send's")
            #expect(tallies["telegram"]?.sent == 1)
            #expect(tallies["telegram"]?.delivered == nil, "Telegram reports no deliveries")

            let audit = AuditEntry(at: start, actor: AuditEntry.commandLine, action: "announce.retry", detail: "1")
            #expect(try await outbox.retryFailed(keyPrefix: "announce:1:", audit: audit) == 1)
            #expect(try await outbox.due(for: "sms").map(\.id) == [texts[1].id], "the undelivered text goes again")
            #expect(try await outbox.tally(keyPrefix: "announce:1:", at: start)["sms"]?.failedCount == 0)
        }
    }
}
