import CivilDates
import Foundation
import HomeroomCore
import SQLKit

/// The schedule plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `schedule_day_types`: admins' day types, one row a period, per scope (a school, or a group of
///   schools sharing its bells).
/// - `schedule_days`: dates assigned a day type, or no school (`day_type` null), per scope.
/// - `schedule_feed`: the last good copy of the calendar feed, its validators and its health.
/// - `schedule_waves`: each student's lunch wave.
/// - `schedule_catalog`, `schedule_students`, `schedule_classes`: the course catalog by scope, grade
///   and block, each student's grade, and the course a student takes in each block.
struct ScheduleStore: Sendable {
    let storage: PluginStorage

    static func migrations() -> [Migration] {
        [
            Migration(1, "day types, assigned days, feed copy and lunch waves") { context in
                let db = context.database
                try await db.create(table: context.table("day_types"))
                    .column("name", type: .text, .notNull).column("position", type: .int, .notNull)
                    .column("period", type: .text, .notNull).column("start_minute", type: .int, .notNull)
                    .column("end_minute", type: .int, .notNull)
                    .primaryKey("name", "position").run()
                try await db.create(table: context.table("days"))
                    .column("day", type: .text, .primaryKey(autoIncrement: false))
                    .column("day_type", type: .text).column("note", type: .text)
                    .column("updated_by", type: .text, .notNull).column("updated_at", type: .bigint, .notNull).run()
                try await db.create(table: context.table("feed"))
                    .column("url", type: .text, .primaryKey(autoIncrement: false))
                    .column("body", type: .text, .notNull).column("etag", type: .text).column(
                        "last_modified", type: .text
                    )
                    .column("fetched_at", type: .bigint, .notNull).column("checked_at", type: .bigint, .notNull)
                    .column("failing_since", type: .bigint).column("last_error", type: .text)
                    .column("alerted", type: .int, .notNull).run()
                try await db.create(table: context.table("waves"))
                    .column("user_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("wave", type: .int, .notNull).run()
            },
            Migration(2, "course catalog and students' classes") { context in
                let db = context.database
                try await db.create(table: context.table("catalog"))
                    .column("grade", type: .text, .notNull).column("block", type: .int, .notNull)
                    .column("course", type: .text, .notNull).column("course_key", type: .text, .notNull)
                    .column("teacher", type: .text, .notNull).column("room", type: .text, .notNull)
                    .primaryKey("grade", "block", "course_key").run()
                try await db.create(table: context.table("students"))
                    .column("user_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("grade", type: .text, .notNull).run()
                try await db.create(table: context.table("classes"))
                    .column("user_id", type: .text, .notNull).column("block", type: .int, .notNull)
                    .column("course_key", type: .text, .notNull)
                    .primaryKey("user_id", "block").run()
            },
            Migration(3, "day types and assigned days per school or group") { context in
                try await context.addScope(
                    to: "day_types", columns: ["name", "position", "period", "start_minute", "end_minute"]
                ) {
                    $0.column(scope, type: .text, .notNull).column("name", type: .text, .notNull)
                        .column("position", type: .int, .notNull).column("period", type: .text, .notNull)
                        .column("start_minute", type: .int, .notNull).column("end_minute", type: .int, .notNull)
                        .primaryKey(scope, "name", "position")
                }
                try await context.addScope(
                    to: "days", columns: ["day", "day_type", "note", "updated_by", "updated_at"]
                ) {
                    $0.column(scope, type: .text, .notNull).column("day", type: .text, .notNull)
                        .column("day_type", type: .text).column("note", type: .text)
                        .column("updated_by", type: .text, .notNull).column("updated_at", type: .bigint, .notNull)
                        .primaryKey(scope, "day")
                }
            },
            Migration(4, "the course catalog per school or group") { context in
                try await context.addScope(
                    to: "catalog", columns: ["grade", "block", "course", "course_key", "teacher", "room"]
                ) {
                    $0.column(scope, type: .text, .notNull).column("grade", type: .text, .notNull)
                        .column("block", type: .int, .notNull).column("course", type: .text, .notNull)
                        .column("course_key", type: .text, .notNull).column("teacher", type: .text, .notNull)
                        .column("room", type: .text, .notNull).primaryKey(scope, "grade", "block", "course_key")
                }
            },
        ]
    }

    /// The column the day types and assigned days keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    // MARK: Day types and assigned days

    func dayTypes() async throws -> [DayType] {
        let table = storage.table("day_types")
        let scope = scope
        let rows = try await storage.read { db in
            try await db.select().columns("name", "period", "start_minute", "end_minute").from(table)
                .where(Self.scope, .equal, scope).orderBy("name").orderBy("position").all()
        }
        var types: [DayType] = []
        for row in rows {
            let name = try row.decode(column: "name", as: String.self)
            let slot = DayType.Slot(
                name: try row.decode(column: "period", as: String.self),
                startMinute: try row.decode(column: "start_minute", as: Int.self),
                endMinute: try row.decode(column: "end_minute", as: Int.self))
            if types.last?.name == name {
                types[types.count - 1].slots.append(slot)
            } else {
                types.append(DayType(name: name, slots: [slot]))
            }
        }
        return types
    }

    func saveDayType(_ type: DayType, on db: any SQLDatabase) async throws {
        let table = storage.table("day_types")
        try await db.delete(from: table).where(Self.scope, .equal, scope).where("name", .equal, SQLBind(type.name))
            .run()
        for (position, slot) in type.slots.enumerated() {
            try await db.insert(into: table)
                .columns(Self.scope, "name", "position", "period", "start_minute", "end_minute")
                .values(
                    scope, SQLBind(type.name), SQLBind(position), SQLBind(slot.name), SQLBind(slot.startMinute),
                    SQLBind(slot.endMinute)
                )
                .run()
        }
    }

    /// Removes a day type; false when there was none.
    func removeDayType(_ name: String, on db: any SQLDatabase) async throws -> Bool {
        try await !db.delete(from: storage.table("day_types")).where(Self.scope, .equal, scope)
            .where("name", .equal, SQLBind(name)).returning("name").all().isEmpty
    }

    /// What an admin assigned to a day: a day type, or no school (`dayType` nil) with a note.
    struct Assignment: Sendable, Equatable {
        var date: LocalDate
        var dayType: String?
        var note: String?
    }

    func assignments(in range: ClosedRange<LocalDate>) async throws -> [LocalDate: Assignment] {
        let table = storage.table("days")
        let scope = scope
        let rows = try await storage.read { db in
            try await db.select().columns("day", "day_type", "note").from(table).where(Self.scope, .equal, scope)
                .where("day", .greaterThanOrEqual, SQLBind(range.lowerBound.iso))
                .where("day", .lessThanOrEqual, SQLBind(range.upperBound.iso)).all()
        }
        var result: [LocalDate: Assignment] = [:]
        for row in rows {
            guard let date = LocalDate(iso: try row.decode(column: "day", as: String.self)) else { continue }
            result[date] = Assignment(
                date: date,
                dayType: try row.decodeNil(column: "day_type")
                    ? nil : try row.decode(column: "day_type", as: String.self),
                note: try row.decodeNil(column: "note") ? nil : try row.decode(column: "note", as: String.self))
        }
        return result
    }

    func assign(_ assignment: Assignment, by user: UserID, at now: Date, on db: any SQLDatabase) async throws {
        let table = storage.table("days")
        try await db.delete(from: table).where(Self.scope, .equal, scope)
            .where("day", .equal, SQLBind(assignment.date.iso)).run()
        try await db.insert(into: table).columns(Self.scope, "day", "day_type", "note", "updated_by", "updated_at")
            .values(
                scope, SQLBind(assignment.date.iso), SQLBind(assignment.dayType), SQLBind(assignment.note),
                SQLBind(user.description), SQLBind(Int64(now.timeIntervalSince1970))
            ).run()
    }

    /// Removes a day's assignment; false when there was none.
    func unassign(_ date: LocalDate, on db: any SQLDatabase) async throws -> Bool {
        try await !db.delete(from: storage.table("days")).where(Self.scope, .equal, scope)
            .where("day", .equal, SQLBind(date.iso)).returning("day").all().isEmpty
    }

    // MARK: Lunch waves

    func wave(of user: UserID) async throws -> Int? {
        let table = storage.table("waves")
        return try await storage.read { db in
            try await db.select().column("wave").from(table).where("user_id", .equal, SQLBind(user.description)).first()
                .map { try $0.decode(column: "wave", as: Int.self) }
        }
    }

    func setWave(_ wave: Int?, for user: UserID) async throws {
        let table = storage.table("waves")
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, SQLBind(user.description)).run()
            if let wave {
                try await db.insert(into: table).columns("user_id", "wave").values(
                    SQLBind(user.description), SQLBind(wave)
                ).run()
            }
        }
    }
}
