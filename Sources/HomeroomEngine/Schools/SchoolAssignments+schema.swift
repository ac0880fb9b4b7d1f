import HomeroomCore
import SQLKit

extension SchoolAssignments {
    static let placesTable = "core_school_places"
    static let peopleTable = "core_school_people"
    static let rolesTable = "core_school_roles"

    /// Core migration 14: which school a channel or workspace is, which school a person belongs
    /// to, roles held at one school, and the school of each audit entry and daily subscription. Every row written before
    /// is the district-wide data of a district of one, so nothing is moved.
    static let migration = Migration(
        14, "schools of channels and people, roles per school, the school of audit entries and subscriptions"
    ) { context in
        let db = context.database
        try await db.create(table: placesTable)
            .column("adapter", type: .text, .notNull).column("place", type: .text, .notNull)
            .column("school", type: .text, .notNull)
            .column("set_by", type: .text, .notNull).column("set_at", type: .bigint, .notNull)
            .primaryKey("adapter", "place").run()
        try await db.create(table: peopleTable)
            .column("person", type: .text, .primaryKey(autoIncrement: false))
            .column("school", type: .text, .notNull).column("set_at", type: .bigint, .notNull).run()
        try await db.create(table: rolesTable)
            .column("identity", type: .text, .notNull).column("role", type: .text, .notNull)
            .column("school", type: .text, .notNull)
            .column("granted_by", type: .text, .notNull).column("granted_at", type: .bigint, .notNull)
            .primaryKey("identity", "role", "school").run()
        try await db.alter(table: AuditLog.table).column("school", type: .text).run()
        try await db.alter(table: SubscriptionBook.table).column("school", type: .text).run()
    }
}
