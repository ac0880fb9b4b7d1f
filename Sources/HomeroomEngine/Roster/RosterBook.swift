import Foundation
import HomeroomCore
import SQLKit

/// The school's roster as Homeroom keeps it, from the student information system's exports
/// (`homeroom import oneroster`): people with their contacts, guardians linked to their students,
/// classes and enrollments. Each roster person is a Homeroom person, `roster:SOURCEDID`, joined to
/// the identities of their contacts, so a text from a guardian's number is that guardian, and a
/// notice to a family reaches each guardian once, however many of their students it concerns.
package struct RosterBook: Sendable {
    /// What one import changed.
    package struct Summary: Sendable, Equatable {
        /// People in the roster after it, and the students and guardians among them.
        package var people = 0
        package var students = 0
        package var guardians = 0
        /// Guardian–student links after it.
        package var guardianLinks = 0
        /// Classes and enrollments after it.
        package var classes = 0
        package var enrollments = 0
        /// Contacts joined to their people.
        package var linkedContacts = 0
        /// Contacts left unjoined, each said in a short English line naming the contact masked.
        package var unlinkedContacts: [String] = []
    }

    let database: any Database

    /// The roster kept in `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// Rows inserted by one statement.
    static let batchSize = 200

    /// Makes `update` in one transaction, with `audit`: every part it changes, then the
    /// guardian links, the contacts' identities and the people's schools worked out again from
    /// the whole roster, so a second import of the same files changes nothing.
    package func apply(_ update: RosterUpdate, at now: Date, audit: AuditEntry) async throws -> Summary {
        try await database.write { db in
            let stamp = Int64(now.timeIntervalSince1970)
            switch update.people {
            case .unchanged: break
            case .replaced(let people):
                try await db.delete(from: Self.peopleTable).run()
                try await Self.insert(people, at: stamp, on: db)
            case .changed(let people, let deleted):
                try await Self.delete(ids: deleted + people.map(\.sourcedID), from: Self.peopleTable, on: db)
                try await Self.insert(people, at: stamp, on: db)
            }
            switch update.classes {
            case .unchanged: break
            case .replaced(let classes):
                try await db.delete(from: Self.classesTable).run()
                try await Self.insert(classes, on: db)
            case .changed(let classes, let deleted):
                try await Self.delete(ids: deleted + classes.map(\.sourcedID), from: Self.classesTable, on: db)
                try await Self.insert(classes, on: db)
            }
            switch update.enrollments {
            case .unchanged: break
            case .replaced(let enrollments):
                try await db.delete(from: Self.enrollmentsTable).run()
                try await Self.insert(enrollments, on: db)
            case .changed(let enrollments, let deleted):
                try await Self.delete(ids: deleted + enrollments.map(\.sourcedID), from: Self.enrollmentsTable, on: db)
                try await Self.insert(enrollments, on: db)
            }
            let people = try await Self.people(on: db)
            var summary = Summary()
            summary.people = people.count
            summary.students = people.filter { $0.role == .student }.count
            summary.guardians = people.filter { $0.role == .guardian }.count
            summary.guardianLinks = try await Self.relinkGuardians(people, on: db)
            (summary.linkedContacts, summary.unlinkedContacts) = try await Self.relinkContacts(
                people, at: stamp, on: db)
            try await Self.setSchools(people, at: stamp, on: db)
            summary.classes = try await Self.count(Self.classesTable, on: db)
            summary.enrollments = try await Self.count(Self.enrollmentsTable, on: db)
            try await AuditLog.insert(audit, into: db)
            return summary
        }
    }

    /// The roster person whose Homeroom person is `home`; nil for anyone else.
    package func person(home: UserID) async throws -> RosterPerson? {
        guard home.adapter == RosterPerson.adapter else { return nil }
        return try await database.read { db in
            try await db.select().column("*").from(Self.peopleTable)
                .where("sourced_id", .equal, SQLBind(home.id)).first().map(Self.person(from:))
        }
    }

    /// The students linked to the guardian `sourcedID`, by name.
    package func students(ofGuardian sourcedID: String) async throws -> [RosterPerson] {
        try await database.read { db in
            try await db.select().column(SQLColumn(SQLLiteral.all, table: SQLIdentifier("p"))).from(
                SQLAlias(SQLIdentifier(Self.peopleTable), as: SQLIdentifier("p"))
            )
            .join(
                SQLAlias(SQLIdentifier(Self.guardiansTable), as: SQLIdentifier("g")),
                on: SQLColumn("student", table: "g"), .equal, SQLColumn("sourced_id", table: "p")
            )
            .where(SQLColumn("guardian", table: "g"), .equal, SQLBind(sourcedID))
            .orderBy(SQLColumn("given_name", table: "p")).all().map(Self.person(from:))
        }
    }

    /// The guardians of the students in `grade` (at `school`, or anywhere when nil), each once,
    /// however many of their students are in it, ordered by id.
    package func families(ofGrade grade: String, at school: String?) async throws -> [RosterPerson] {
        try await database.read { db in
            var students = db.select().column("sourced_id").from(Self.peopleTable)
                .where("role", .equal, SQLBind(RosterPerson.Role.student.rawValue))
                .where("grade", .equal, SQLBind(grade))
            if let school { students = students.where("school", .equal, SQLBind(school)) }
            let guardians = db.select().distinct().column("guardian").from(Self.guardiansTable)
                .where(SQLColumn("student"), .in, SQLGroupExpression(students.select))
            return try await db.select().column("*").from(Self.peopleTable)
                .where(SQLColumn("sourced_id"), .in, SQLGroupExpression(guardians.select))
                .orderBy("sourced_id").all().map(Self.person(from:))
        }
    }

    // MARK: - Writing

    private static func insert(_ people: [RosterPerson], at stamp: Int64, on db: any SQLDatabase) async throws {
        for batch in stride(from: 0, to: people.count, by: batchSize) {
            let insert = db.insert(into: peopleTable).columns(
                "sourced_id", "role", "school", "given_name", "family_name", "grade", "email", "sms", "phone", "agents",
                "updated_at")
            for person in people[batch..<min(batch + batchSize, people.count)] {
                insert.values(
                    SQLBind(person.sourcedID), SQLBind(person.role.rawValue), SQLBind(person.school),
                    SQLBind(person.givenName), SQLBind(person.familyName), SQLBind(person.grade),
                    SQLBind(person.email), SQLBind(person.sms?.e164), SQLBind(person.phone?.e164),
                    SQLBind(person.agents.joined(separator: "\n")), SQLBind(stamp))
            }
            try await insert.run()
        }
    }

    private static func insert(_ classes: [RosterBook.Class], on db: any SQLDatabase) async throws {
        for batch in stride(from: 0, to: classes.count, by: batchSize) {
            let insert = db.insert(into: classesTable).columns("sourced_id", "school", "title", "code", "periods")
            for item in classes[batch..<min(batch + batchSize, classes.count)] {
                insert.values(
                    SQLBind(item.sourcedID), SQLBind(item.school), SQLBind(item.title), SQLBind(item.code),
                    SQLBind(item.periods.joined(separator: "\n")))
            }
            try await insert.run()
        }
    }

    private static func insert(_ enrollments: [RosterBook.Enrollment], on db: any SQLDatabase) async throws {
        for batch in stride(from: 0, to: enrollments.count, by: batchSize) {
            let insert = db.insert(into: enrollmentsTable).columns("sourced_id", "class", "person", "role")
            for item in enrollments[batch..<min(batch + batchSize, enrollments.count)] {
                insert.values(
                    SQLBind(item.sourcedID), SQLBind(item.classID), SQLBind(item.personID), SQLBind(item.role))
            }
            try await insert.run()
        }
    }

    private static func delete(ids: [String], from table: String, on db: any SQLDatabase) async throws {
        for batch in stride(from: 0, to: ids.count, by: batchSize) {
            try await db.delete(from: table)
                .where("sourced_id", .in, SQLBind.group(Array(ids[batch..<min(batch + batchSize, ids.count)]))).run()
        }
    }

    /// Links each guardian to each student either names among its agents; returns how many links.
    private static func relinkGuardians(_ people: [RosterPerson], on db: any SQLDatabase) async throws -> Int {
        try await db.delete(from: guardiansTable).run()
        let roles = Dictionary(people.map { ($0.sourcedID, $0.role) }) { first, _ in first }
        var links = Set<[String]>()
        for person in people {
            for agent in person.agents {
                switch (person.role, roles[agent]) {
                case (.guardian, .student): links.insert([person.sourcedID, agent])
                case (.student, .guardian): links.insert([agent, person.sourcedID])
                default: continue
                }
            }
        }
        let sorted = links.sorted { $0.lexicographicallyPrecedes($1) }
        for batch in stride(from: 0, to: sorted.count, by: batchSize) {
            let insert = db.insert(into: guardiansTable).columns("guardian", "student")
            for link in sorted[batch..<min(batch + batchSize, sorted.count)] {
                insert.values(SQLBind(link[0]), SQLBind(link[1]))
            }
            try await insert.run()
        }
        return sorted.count
    }

    /// Joins each person's contacts to them (`sms:+1…` → `roster:ID`), in place of what the last
    /// import joined. A contact already joined to a person who is not the roster's, or listed for
    /// two roster people (a shared family phone), is joined to the first only and named.
    private static func relinkContacts(_ people: [RosterPerson], at stamp: Int64, on db: any SQLDatabase) async throws
        -> (linked: Int, unlinked: [String])
    {
        let rosterHome = startsWith("home", RosterPerson.adapter + ":")
        try await db.delete(from: IdentityLinks.linksTable).where(rosterHome).run()
        let others = try await db.select().columns("identity", "home").from(IdentityLinks.linksTable).all()
        var taken = Set<String>()
        for row in others {
            taken.insert(try row.decode(column: "identity", as: String.self))
            taken.insert(try row.decode(column: "home", as: String.self))
        }
        var joined: [(identity: String, home: String)] = []
        var unlinked: [String] = []
        for person in people {
            for identity in person.contactIdentities {
                let key = identity.description
                guard !taken.contains(key) else {
                    unlinked.append("\(identity.logged) of \(person.sourcedID) is already someone else's")
                    continue
                }
                taken.insert(key)
                joined.append((key, person.home.description))
            }
        }
        for batch in stride(from: 0, to: joined.count, by: batchSize) {
            let insert = db.insert(into: IdentityLinks.linksTable).columns("identity", "home", "linked_at")
            for link in joined[batch..<min(batch + batchSize, joined.count)] {
                insert.values(SQLBind(link.identity), SQLBind(link.home), SQLBind(stamp))
            }
            try await insert.run()
        }
        return (joined.count, unlinked)
    }

    /// The school of each roster person who has one, in place of any set before.
    private static func setSchools(_ people: [RosterPerson], at stamp: Int64, on db: any SQLDatabase) async throws {
        let placed = people.filter { $0.school != nil }
        try await delete(
            homes: placed.map(\.home.description), from: SchoolAssignments.peopleTable, column: "person", on: db)
        for batch in stride(from: 0, to: placed.count, by: batchSize) {
            let insert = db.insert(into: SchoolAssignments.peopleTable).columns("person", "school", "set_at")
            for person in placed[batch..<min(batch + batchSize, placed.count)] {
                insert.values(SQLBind(person.home.description), SQLBind(person.school), SQLBind(stamp))
            }
            try await insert.run()
        }
    }

    private static func delete(homes: [String], from table: String, column: String, on db: any SQLDatabase)
        async throws
    {
        for batch in stride(from: 0, to: homes.count, by: batchSize) {
            try await db.delete(from: table)
                .where(column, .in, SQLBind.group(Array(homes[batch..<min(batch + batchSize, homes.count)]))).run()
        }
    }

    // MARK: - Reading

    private static func people(on db: any SQLDatabase) async throws -> [RosterPerson] {
        try await db.select().column("*").from(peopleTable).orderBy("sourced_id").all().map(person(from:))
    }

    private static func count(_ table: String, on db: any SQLDatabase) async throws -> Int {
        let row = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(table).first()
        return try row.map { Int(try $0.decode(column: "n", as: Int64.self)) } ?? 0
    }

    static func person(from row: any SQLRow) throws -> RosterPerson {
        RosterPerson(
            sourcedID: try row.decode(column: "sourced_id", as: String.self),
            role: RosterPerson.Role(rawValue: try row.decode(column: "role", as: String.self)) ?? .other,
            school: try row.decode(column: "school", as: String?.self),
            givenName: try row.decode(column: "given_name", as: String.self),
            familyName: try row.decode(column: "family_name", as: String.self),
            grade: try row.decode(column: "grade", as: String?.self),
            email: try row.decode(column: "email", as: String?.self),
            sms: try row.decode(column: "sms", as: String?.self).flatMap {
                PhoneNumber($0, assumingNorthAmerica: false)
            },
            phone: try row.decode(column: "phone", as: String?.self).flatMap {
                PhoneNumber($0, assumingNorthAmerica: false)
            },
            agents: try row.decode(column: "agents", as: String.self).split(separator: "\n").map(String.init))
    }

    /// The identities of the contacts the roster lists for the person whose home is `home`
    /// (none for a person not in the roster), on `db`.
    static func contactIdentities(of home: UserID, on db: any SQLDatabase) async throws -> [UserID] {
        guard home.adapter == RosterPerson.adapter else { return [] }
        return try await db.select().column("*").from(peopleTable).where("sourced_id", .equal, SQLBind(home.id))
            .first().map(person(from:))?.contactIdentities ?? []
    }

}
