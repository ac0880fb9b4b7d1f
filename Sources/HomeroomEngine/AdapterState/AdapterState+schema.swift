import HomeroomCore
import SQLKit

extension AdapterState {
    /// Creates `core_adapter_state`, where chat adapters keep what they must remember across
    /// restarts and share between instances: a sync position, a session token, the direct room
    /// opened for a person.
    static let migration = Migration(8, "what chat adapters remember: sync positions, sessions, direct rooms") {
        context in
        try await context.database.create(table: table)
            .column("adapter", type: .text, .notNull)
            .column("connection", type: .text, .notNull)
            .column("key", type: .text, .notNull)
            .column("value", type: .text, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .primaryKey("adapter", "connection", "key").run()
    }

    /// The person a row is about (`slack:T0001:U024BE7LH`), so that `/me forget` deletes their
    /// direct-message channel and conversation references; null for an account's own state.
    static let personColumn = Migration(9, "the person an adapter state row is about") { context in
        try await context.database.alter(table: table).column("person", type: .text).run()
        try await context.database.create(index: "core_adapter_state_person").on(table).column("person").run()
    }
}
