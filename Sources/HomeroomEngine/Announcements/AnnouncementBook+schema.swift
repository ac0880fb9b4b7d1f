import HomeroomCore
import SQLKit

extension AnnouncementBook {
    static let table = "core_announcements"
    static let subscribersTable = "core_announcement_subscribers"

    /// Core migration 17: announcements, with how far their fan-out got, and the channels and
    /// people that subscribed to them.
    static let migration = Migration(17, "announcements and their subscribers") { context in
        let db = context.database
        try await db.create(table: table)
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("school", type: .text).column("author", type: .text, .notNull)
            .column("body", type: .text, .notNull).column("translations", type: .text, .notNull)
            .column("audience", type: .text, .notNull).column("urgent", type: .int, .notNull)
            .column("send_at", type: .bigint).column("state", type: .text, .notNull)
            .column("approved_by", type: .text).column("created_at", type: .bigint, .notNull)
            .column("corrects", type: .bigint)
            .column("phase", type: .text).column("cursor", type: .text)
            .column("queued", type: .int, .notNull).column("opted_out", type: .int, .notNull)
            .column("unreachable", type: .int, .notNull)
            .column("started_at", type: .bigint).column("finished_at", type: .bigint)
            .column("claimed_by", type: .text).column("claim_expires_at", type: .bigint).run()
        try await db.create(index: "core_announcements_state").on(table).column("state").run()
        try await db.create(table: subscribersTable)
            .column("subscriber", type: .text, .primaryKey(autoIncrement: false))
            .column("adapter", type: .text, .notNull).column("target", type: .text, .notNull)
            .column("school", type: .text).column("subscribed_at", type: .bigint, .notNull).run()
    }
}
