import SQLKit

extension LeaseTable {
    /// Creates `core_leases` and `core_instances`, in core migration 6 (HomeroomRuntime's
    /// `CorePlugin.schemaMigrations`). SQLite creates them too, so one schema serves both backends;
    /// only PostgreSQL reads them.
    package static func createTables(on db: any SQLDatabase) async throws {
        try await db.create(table: leases)
            .column("duty", type: .text, .primaryKey(autoIncrement: false)).column("holder", type: .text, .notNull)
            .column("token", type: .bigint, .notNull).column("acquired_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull).run()
        try await db.create(table: instances)
            .column("id", type: .text, .primaryKey(autoIncrement: false)).column("host", type: .text, .notNull)
            .column("pid", type: .bigint, .notNull).column("version", type: .text, .notNull)
            .column("started_at", type: .bigint, .notNull).column("last_seen_at", type: .bigint, .notNull).run()
    }
}
