import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import SQLKit
import Testing

/// The daily pruning: delivered notifications go after the retention time, waiting and given-up
/// ones stay, expired link codes and confirmations go, the audit log stays unless told otherwise.
@Suite struct RetentionTests {
    static let day: TimeInterval = 86_400

    func count(_ table: String, in bot: TestBot) async throws -> Int {
        try await bot.runtime.database.read { db in
            try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(table)
                .first()!.decode(column: "n", as: Int.self)
        }
    }

    func prune(_ bot: TestBot) async throws {
        let ran = await bot.runtime.scheduler.runNow(pluginID: CorePlugin.id, name: "prune expired records")
        try #require(ran)
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func deliveredNotificationsGoAfterThirtyDaysAndTheAuditLogStays(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let outbox = bot.runtime.outbox
            for key in ["delivered", "waiting", "given-up"] {
                try await outbox.enqueue(
                    adapter: "console", target: .user(UserID("console:ana")!), lines: ["circle post: \(key)"],
                    idempotencyKey: key)
            }
            let due = try await outbox.due(for: "console")
            try #require(due.count == 3)
            try await outbox.markDelivered(due.filter { $0.idempotencyKey == "delivered" })
            let givenUp = try #require(due.first { $0.idempotencyKey == "given-up" })
            _ = try await outbox.markFailed(givenUp, error: "410 Gone", permanent: true)
            try await bot.expect("/link", from: "console:ana", contains: "code")
            try await bot.expect("/me forget", from: "console:ana", contains: "forget yes")
            let auditEntries = try await count("core_audit", in: bot)
            #expect(auditEntries >= 1)

            bot.clock.advance(by: 29 * Self.day)
            try await prune(bot)
            #expect(try await count("core_outbox", in: bot) == 3)
            // The link code (10 minutes) and the question (5 minutes) expired long ago.
            #expect(try await count("core_link_codes", in: bot) == 0)
            #expect(try await count("core_confirmations", in: bot) == 0)

            bot.clock.advance(by: 2 * Self.day)
            try await prune(bot)
            let keys = try await bot.runtime.database.read { db in
                try await db.select().column("idempotency_key").from("core_outbox").all()
                    .map { try $0.decode(column: "idempotency_key", as: String.self) }
            }
            #expect(Set(keys) == ["waiting", "given-up"])
            #expect(try await count("core_audit", in: bot) == auditEntries)
        }
    }

    @Test func aConfiguredAuditRetentionDeletesOlderEntriesOnly() async throws {
        try await TestBot.with(configure: { $0.security.auditRetentionDays = 90 }) { bot in
            try await bot.expect("/link", from: "console:ana", contains: "code")
            bot.clock.advance(by: 60 * Self.day)
            try await bot.expect("/link", from: "console:ben", contains: "code")
            let before = try await count("core_audit", in: bot)
            bot.clock.advance(by: 31 * Self.day)
            try await prune(bot)
            #expect(try await count("core_audit", in: bot) == before - 1)
        }
    }
}
