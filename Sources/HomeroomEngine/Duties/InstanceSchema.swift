import HomeroomCore
import SQLKit

/// Core migration 6: what lets several instances act as one service (DESIGN.md, Several
/// instances). The duty leases and the instances alive are HomeroomStorage's (`storageTables`),
/// the claim columns the ``Outbox``'s; the signatures the webhook replay guard has seen are made
/// here. SQLite creates them too, so one schema serves both backends; only PostgreSQL reads the leases.
enum InstanceSchema {
    static func migration(storageTables: @escaping @Sendable (any SQLDatabase) async throws -> Void) -> Migration {
        Migration(6, "instances, duty leases, outbox claims, seen signatures") { context in
            let db = context.database
            try await storageTables(db)
            try await Outbox.addClaimColumns(on: db)
            try await db.create(table: "core_seen_signatures")
                .column("signature", type: .text, .primaryKey(autoIncrement: false))
                .column("expires_at", type: .bigint, .notNull).run()
            try await db.create(index: "core_seen_signatures_expiry").on("core_seen_signatures").column("expires_at")
                .run()
        }
    }
}
