import SQLKit

extension AccessDirectory {
    /// Creates `core_roles`, one row per role an identity holds (core migration 1).
    static func createRolesTable(on db: any SQLDatabase) async throws {
        try await db.create(table: rolesTable)
            .column("identity", type: .text, .notNull).column("role", type: .text, .notNull)
            .column("granted_by", type: .text, .notNull).column("granted_at", type: .bigint, .notNull)
            .primaryKey("identity", "role").run()
    }

    /// Creates `core_sessions`, when each logged-in identity's session ends (core migration 1).
    static func createSessionsTable(on db: any SQLDatabase) async throws {
        try await db.create(table: sessionsTable)
            .column("identity", type: .text, .primaryKey(autoIncrement: false))
            .column("expires_at", type: .bigint, .notNull).run()
    }
}
