import SQLKit

/// The core tables: roles, PINs, logins, login failures, the audit log, channel switches, the
/// outbox, subscriptions, linked identities and pending confirmations.
enum CoreSchema {
    static let migrations: [Migration] = [
        Migration(1, "roles, PINs, logins, audit log, channel switches") { context in
            let db = context.database
            try await db.create(table: AccessDirectory.rolesTable)
                .column("identity", type: .text, .notNull).column("role", type: .text, .notNull)
                .column("granted_by", type: .text, .notNull).column("granted_at", type: .bigint, .notNull)
                .primaryKey("identity", "role").run()
            try await db.create(table: PinLogin.pinsTable)
                .column("identity", type: .text, .primaryKey(autoIncrement: false))
                .column("hash", type: .text, .notNull).column("set_at", type: .bigint, .notNull).run()
            try await db.create(table: AccessDirectory.sessionsTable)
                .column("identity", type: .text, .primaryKey(autoIncrement: false))
                .column("expires_at", type: .bigint, .notNull).run()
            try await db.create(table: PinLogin.failuresTable)
                .column("identity", type: .text, .primaryKey(autoIncrement: false))
                .column("failures", type: .int, .notNull).column("locked_until", type: .bigint)
                .column("last_failure_at", type: .bigint, .notNull).run()
            try await db.create(table: AuditLog.table)
                .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                .column("at", type: .bigint, .notNull).column("actor", type: .text, .notNull)
                .column("action", type: .text, .notNull).column("detail", type: .text, .notNull)
                .column("channel", type: .text).run()
            try await db.create(table: ChannelSwitchboard.table)
                .column("adapter", type: .text, .notNull).column("channel", type: .text, .notNull)
                .column("target", type: .text, .notNull).primaryKey("adapter", "channel", "target").run()
        },
        Migration(2, "notification outbox") { context in
            let db = context.database
            try await db.create(table: Outbox.table)
                .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                .column("adapter", type: .text, .notNull).column("target", type: .text, .notNull)
                .column("body", type: .text, .notNull).column("idempotency_key", type: .text, .notNull, .unique)
                .column("state", type: .text, .notNull, .default("pending"))
                .column("due_at", type: .bigint, .notNull).column("failed_attempts", type: .int, .notNull)
                .column("last_error", type: .text).column("delivered_at", type: .bigint).run()
            try await db.create(index: "core_outbox_due").on(Outbox.table).column("adapter").column("state").column(
                "due_at"
            )
            .run()
        },
        SubscriptionBook.migration,
        IdentityLinks.migration,
        PendingConfirmations.migration,
        InstanceSchema.migration,
        JobRunSchema.migration,
        AdapterStateSchema.migration,
        AdapterStateSchema.personColumn,
        LoginFailuresSchema.lockoutsColumn,
    ]
}
