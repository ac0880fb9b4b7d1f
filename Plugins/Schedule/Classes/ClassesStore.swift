import Foundation
import HomeroomCore
import SQLKit

/// The course catalog of each scope (a school, or a group of schools sharing one) and the
/// students' grades and classes, which are each person's.
extension ScheduleStore {
    /// Replaces the scope's whole catalog (all or nothing).
    func replaceCatalog(_ courses: [Course], on db: any SQLDatabase) async throws {
        let table = storage.table("catalog")
        let scope = SQLBind(storage.scope)
        try await db.delete(from: table).where(PluginStorage.scopeColumn, .equal, scope).run()
        for course in courses {
            try await db.insert(into: table)
                .columns(PluginStorage.scopeColumn, "grade", "block", "course", "course_key", "teacher", "room")
                .values(
                    scope, SQLBind(course.grade), SQLBind(course.block), SQLBind(course.name),
                    SQLBind(Course.key(course.name)),
                    SQLBind(course.teacher), SQLBind(course.room)
                ).run()
        }
    }

    /// The courses a grade is offered, by block then name; every grade when `grade` is nil.
    func catalog(grade: String? = nil) async throws -> [Course] {
        let table = storage.table("catalog")
        let scope = SQLBind(storage.scope)
        let rows = try await storage.read { db in
            var query = db.select().columns("grade", "block", "course", "teacher", "room").from(table)
                .where(PluginStorage.scopeColumn, .equal, scope)
            if let grade { query = query.where("grade", .equal, SQLBind(grade)) }
            return try await query.orderBy("grade").orderBy("block").orderBy("course_key").all()
        }
        return try rows.map(Self.course)
    }

    func grade(of user: UserID) async throws -> String? {
        let table = storage.table("students")
        return try await storage.read { db in
            try await db.select().column("grade").from(table).where("user_id", .equal, SQLBind(user.description))
                .first()
                .map { try $0.decode(column: "grade", as: String.self) }
        }
    }

    /// Sets a student's grade; their classes that the new grade does not offer are dropped.
    func setGrade(_ grade: String, for user: UserID) async throws {
        let (students, classes, catalog) = (
            storage.table("students"), storage.table("classes"), storage.table("catalog")
        )
        let scope = SQLBind(storage.scope)
        try await storage.write { db in
            try await db.delete(from: students).where("user_id", .equal, SQLBind(user.description)).run()
            try await db.insert(into: students).columns("user_id", "grade").values(
                SQLBind(user.description), SQLBind(grade)
            ).run()
            let kept = try await db.select().columns("block", "course_key").from(catalog)
                .where(PluginStorage.scopeColumn, .equal, scope).where("grade", .equal, SQLBind(grade))
                .all().map {
                    "\(try $0.decode(column: "block", as: Int.self)):\(try $0.decode(column: "course_key", as: String.self))"
                }
            let mine = try await db.select().columns("block", "course_key").from(classes)
                .where("user_id", .equal, SQLBind(user.description)).all()
            for row in mine {
                let block = try row.decode(column: "block", as: Int.self)
                if !kept.contains("\(block):\(try row.decode(column: "course_key", as: String.self))") {
                    try await db.delete(from: classes).where("user_id", .equal, SQLBind(user.description))
                        .where("block", .equal, SQLBind(block)).run()
                }
            }
        }
    }

    /// A student's courses by block, read against the catalog of their grade.
    func classes(of user: UserID) async throws -> [Int: Course] {
        let (students, classes, catalog) = (
            storage.table("students"), storage.table("classes"), storage.table("catalog")
        )
        let scope = SQLBind(storage.scope)
        let rows = try await storage.read { db in
            try await db.select()
                .column(SQLColumn("grade", table: catalog)).column(SQLColumn("block", table: catalog))
                .column(SQLColumn("course", table: catalog)).column(SQLColumn("teacher", table: catalog))
                .column(SQLColumn("room", table: catalog))
                .from(classes)
                .join(students, on: SQLColumn("user_id", table: students), .equal, SQLColumn("user_id", table: classes))
                .join(
                    catalog,
                    on: SQLBinaryExpression(
                        SQLBinaryExpression(
                            SQLColumn("grade", table: catalog), .equal, SQLColumn("grade", table: students)),
                        .and,
                        SQLBinaryExpression(
                            SQLBinaryExpression(
                                SQLColumn("block", table: catalog), .equal, SQLColumn("block", table: classes)),
                            .and,
                            SQLBinaryExpression(
                                SQLColumn("course_key", table: catalog), .equal, SQLColumn("course_key", table: classes)
                            )))
                )
                .where(SQLColumn("user_id", table: classes), .equal, SQLBind(user.description))
                .where(SQLColumn(PluginStorage.scopeColumn, table: catalog), .equal, scope).all()
        }
        var result: [Int: Course] = [:]
        for course in try rows.map(Self.course) { result[course.block] = course }
        return result
    }

    func setClass(_ course: Course, for user: UserID) async throws {
        let table = storage.table("classes")
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, SQLBind(user.description))
                .where("block", .equal, SQLBind(course.block)).run()
            try await db.insert(into: table).columns("user_id", "block", "course_key")
                .values(SQLBind(user.description), SQLBind(course.block), SQLBind(Course.key(course.name))).run()
        }
    }

    /// Removes one block's class, or all of them when `block` is nil; how many were removed.
    func clearClasses(of user: UserID, block: Int?) async throws -> Int {
        let table = storage.table("classes")
        return try await storage.write { db in
            var query = db.delete(from: table).where("user_id", .equal, SQLBind(user.description))
            if let block { query = query.where("block", .equal, SQLBind(block)) }
            return try await query.returning("block").all().count
        }
    }

    private static func course(_ row: any SQLRow) throws -> Course {
        Course(
            grade: try row.decode(column: "grade", as: String.self),
            block: try row.decode(column: "block", as: Int.self),
            name: try row.decode(column: "course", as: String.self),
            teacher: try row.decode(column: "teacher", as: String.self),
            room: try row.decode(column: "room", as: String.self))
    }
}
