import HomeroomCore
import SQLKit

extension WebConsoleSignIns {
    static let linksTable = "core_console_links"
    static let sessionsTable = "core_console_sessions"
    static let keysTable = "core_console_keys"

    /// Core migration 13: one-time sign-in links, sessions, and the key session cookies are signed with.
    static let migration = Migration(13, "web console sign-in links, sessions and cookie key") { context in
        let db = context.database
        try await db.create(table: linksTable)
            .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("identity", type: .text, .notNull)
            .column("verified", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("used_at", type: .bigint).run()
        try await db.create(table: sessionsTable)
            .column("id_hash", type: .text, .primaryKey(autoIncrement: false))
            .column("identity", type: .text, .notNull)
            .column("verified", type: .bigint, .notNull)
            .column("csrf", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("seen_at", type: .bigint, .notNull)
            .column("notice", type: .text).run()
        try await db.create(table: keysTable)
            .column("name", type: .text, .primaryKey(autoIncrement: false))
            .column("secret", type: .text, .notNull).run()
    }
}
