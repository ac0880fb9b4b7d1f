import HomeroomCore
import SQLKit

extension Outbox {
    /// Creates `core_outbox` and the index the delivery workers read it by.
    static let migration = Migration(2, "notification outbox") { context in
        let db = context.database
        try await db.create(table: table)
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("adapter", type: .text, .notNull).column("target", type: .text, .notNull)
            .column("body", type: .text, .notNull).column("idempotency_key", type: .text, .notNull, .unique)
            .column("state", type: .text, .notNull, .default("pending"))
            .column("due_at", type: .bigint, .notNull).column("failed_attempts", type: .int, .notNull)
            .column("last_error", type: .text).column("delivered_at", type: .bigint).run()
        try await db.create(index: "core_outbox_due").on(table).column("adapter").column("state").column("due_at")
            .run()
    }

    /// Adds who claimed a message for delivery and until when, so that several instances never
    /// send one message twice (core migration 6).
    static func addClaimColumns(on db: any SQLDatabase) async throws {
        try await db.alter(table: table).column("claimed_by", type: .text).run()
        try await db.alter(table: table).column("claim_expires_at", type: .bigint).run()
    }
}

extension Outbox {
    /// Adds what a platform reports of a sent message: the platform's id for it, which its delivery
    /// reports name, and where it got to (`delivered`, or `undelivered` with the reason), when
    /// (core migration 18).
    static let deliveryReportMigration = Migration(18, "the platforms' ids of sent notifications and their delivery") {
        context in
        let db = context.database
        try await db.alter(table: table).column("platform_message_id", type: .text).run()
        try await db.alter(table: table).column("delivery_state", type: .text).run()
        try await db.alter(table: table).column("delivery_reason", type: .text).run()
        try await db.alter(table: table).column("delivery_reported_at", type: .bigint).run()
        try await db.create(index: "core_outbox_platform_message").on(table).column("adapter")
            .column("platform_message_id").run()
    }
}
