import SQLKit

/// The core tables that let several instances act as one service (DESIGN.md, Several
/// instances): the duty leases, the instances alive, outbox claims and the signatures the
/// webhook replay guard has seen. SQLite creates them too, so one schema serves both backends;
/// only PostgreSQL reads the leases.
enum InstanceSchema {
    static let migration = Migration(6, "instances, duty leases, outbox claims, seen signatures") { context in
        let db = context.database
        try await db.create(table: "core_leases")
            .column("duty", type: .text, .primaryKey(autoIncrement: false)).column("holder", type: .text, .notNull)
            .column("token", type: .bigint, .notNull).column("acquired_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull).run()
        try await db.create(table: "core_instances")
            .column("id", type: .text, .primaryKey(autoIncrement: false)).column("host", type: .text, .notNull)
            .column("pid", type: .bigint, .notNull).column("version", type: .text, .notNull)
            .column("started_at", type: .bigint, .notNull).column("last_seen_at", type: .bigint, .notNull).run()
        try await db.alter(table: Outbox.table).column("claimed_by", type: .text).run()
        try await db.alter(table: Outbox.table).column("claim_expires_at", type: .bigint).run()
        try await db.create(table: "core_seen_signatures")
            .column("signature", type: .text, .primaryKey(autoIncrement: false))
            .column("expires_at", type: .bigint, .notNull).run()
        try await db.create(index: "core_seen_signatures_expiry").on("core_seen_signatures").column("expires_at").run()
    }
}
