import HomeroomCore
import SQLKit

extension RosterBook {
    static let peopleTable = "core_roster_people"
    static let guardiansTable = "core_roster_guardians"
    static let classesTable = "core_roster_classes"
    static let enrollmentsTable = "core_roster_enrollments"
    static let choicesTable = "core_notify_choices"

    /// Core migration 15: the school's roster (people with their contacts, guardians and their
    /// students, classes and enrollments) and where each person wants notifications.
    static let migration = Migration(
        15, "the roster's people, guardians, classes and enrollments; notification choices"
    ) {
        context in
        let db = context.database
        try await db.create(table: peopleTable)
            .column("sourced_id", type: .text, .primaryKey(autoIncrement: false))
            .column("role", type: .text, .notNull).column("school", type: .text)
            .column("given_name", type: .text, .notNull).column("family_name", type: .text, .notNull)
            .column("grade", type: .text).column("email", type: .text).column("sms", type: .text)
            .column("phone", type: .text).column("agents", type: .text, .notNull)
            .column("updated_at", type: .bigint, .notNull).run()
        try await db.create(index: "core_roster_people_grade").on(peopleTable).column("grade").run()
        try await db.create(table: guardiansTable)
            .column("guardian", type: .text, .notNull).column("student", type: .text, .notNull)
            .primaryKey("guardian", "student").run()
        try await db.create(index: "core_roster_guardians_student").on(guardiansTable).column("student").run()
        try await db.create(table: classesTable)
            .column("sourced_id", type: .text, .primaryKey(autoIncrement: false))
            .column("school", type: .text).column("title", type: .text, .notNull).column("code", type: .text)
            .column("periods", type: .text, .notNull).run()
        try await db.create(table: enrollmentsTable)
            .column("sourced_id", type: .text, .primaryKey(autoIncrement: false))
            .column("class", type: .text, .notNull).column("person", type: .text, .notNull)
            .column("role", type: .text, .notNull).run()
        try await db.create(index: "core_roster_enrollments_person").on(enrollmentsTable).column("person").run()
        try await db.create(table: choicesTable)
            .column("person", type: .text, .primaryKey(autoIncrement: false))
            .column("via", type: .text, .notNull).column("set_at", type: .bigint, .notNull).run()
    }
}
