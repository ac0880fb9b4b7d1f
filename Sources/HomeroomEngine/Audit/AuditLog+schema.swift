import SQLKit

extension AuditLog {
    /// Creates `core_audit` (core migration 1).
    static func createTable(on db: any SQLDatabase) async throws {
        try await db.create(table: table)
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("at", type: .bigint, .notNull).column("actor", type: .text, .notNull)
            .column("action", type: .text, .notNull).column("detail", type: .text, .notNull)
            .column("channel", type: .text).run()
    }
}
