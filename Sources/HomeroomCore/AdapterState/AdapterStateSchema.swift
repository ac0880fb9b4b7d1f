import SQLKit

/// The core table where chat adapters keep what they must remember across restarts and share
/// between instances: a sync position, a session token, the direct room opened for a person.
enum AdapterStateSchema {
    static let migration = Migration(8, "what chat adapters remember: sync positions, sessions, direct rooms") {
        context in
        try await context.database.create(table: AdapterState.table)
            .column("adapter", type: .text, .notNull)
            .column("connection", type: .text, .notNull)
            .column("key", type: .text, .notNull)
            .column("value", type: .text, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .primaryKey("adapter", "connection", "key").run()
    }
}
