import HomeroomCore
import SQLKit

extension RosterBook {
    /// The roster's people in `audience` (at `school`, or anywhere when nil) after roster id
    /// `cursor`, `limit` at a time in id order, each once, on `db`: a grade or a class brings its
    /// students' guardians too. Nil for an audience the roster has no part in (named channels, a circle).
    static func people(
        in audience: Audience, at school: String?, after cursor: String?, limit: Int, on db: any SQLDatabase
    ) async throws -> [RosterPerson]? {
        var query = db.select().column("*").from(peopleTable)
        switch audience {
        case .channels, .circle: return nil
        case .everyone:
            if let school { query = query.where("school", .equal, SQLBind(school)) }
        case .students, .staff, .families:
            let roles: [RosterPerson.Role] =
                switch audience {
                case .students: [.student]
                case .staff: [.teacher, .administrator, .aide]
                default: [.guardian]
                }
            query = query.where("role", .in, SQLBind.group(roles.map(\.rawValue)))
            if let school { query = query.where("school", .equal, SQLBind(school)) }
        case .grade(let grade):
            var students = db.select().column("sourced_id").from(peopleTable)
                .where("role", .equal, SQLBind(RosterPerson.Role.student.rawValue))
                .where("grade", .equal, SQLBind(grade))
            if let school { students = students.where("school", .equal, SQLBind(school)) }
            query = query.where(
                Self.memberOrGuardian(of: students.select, on: db))
        case .rosterClass(let id):
            let members = db.select().column("person").from(enrollmentsTable).where("class", .equal, SQLBind(id))
            query = query.where(Self.memberOrGuardian(of: members.select, on: db))
        }
        if let cursor { query = query.where("sourced_id", .greaterThan, SQLBind(cursor)) }
        return try await query.orderBy("sourced_id").limit(limit).all().map(person(from:))
    }

    /// The condition that a person is among `members` or a guardian of one of them.
    private static func memberOrGuardian(of members: SQLSelect, on db: any SQLDatabase) -> any SQLExpression {
        let guardians = db.select().column("guardian").from(guardiansTable)
            .where(SQLColumn("student"), .in, SQLGroupExpression(members))
        return SQLGroupExpression(
            SQLBinaryExpression(
                SQLBinaryExpression(SQLColumn("sourced_id"), .in, SQLGroupExpression(members)), .or,
                SQLBinaryExpression(SQLColumn("sourced_id"), .in, SQLGroupExpression(guardians.select))))
    }

    /// The notification choices of `people` (by home identity), on `db`.
    static func choices(of people: [RosterPerson], on db: any SQLDatabase) async throws -> [String: NotifyChoice] {
        guard !people.isEmpty else { return [:] }
        let rows = try await db.select().columns("person", "via").from(choicesTable)
            .where("person", .in, SQLBind.group(people.map(\.home.description))).all()
        var choices: [String: NotifyChoice] = [:]
        for row in rows {
            if let choice = NotifyChoice(rawValue: try row.decode(column: "via", as: String.self)) {
                choices[try row.decode(column: "person", as: String.self)] = choice
            }
        }
        return choices
    }
}
