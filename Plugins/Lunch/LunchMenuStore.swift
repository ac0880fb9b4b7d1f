import CivilDates
import Foundation
import HomeroomCore
import SQLKit

/// The lunch plugin's queries, written once for SQLite and PostgreSQL.
///
/// `lunch_menus` holds one row a day for each scope (a school, or the group of schools sharing a
/// menu; lists stored one item a line); `lunch_always` the dishes served every day, in the order
/// they were added. Every query reads and writes the storage's scope alone.
struct LunchMenuStore: Sendable {
    let storage: PluginStorage

    var menusTable: String { storage.table("menus") }
    var alwaysTable: String { storage.table("always") }

    static func migrations() -> [Migration] {
        [
            Migration(1, "menus and always-available dishes") { context in
                try await context.database.create(table: context.table("menus"))
                    .column("day", type: .text, .primaryKey(autoIncrement: false))
                    .column("specials", type: .text, .notNull).column("vegetables", type: .text, .notNull)
                    .column("fries", type: .int).column("updated_at", type: .bigint, .notNull)
                    .column("updated_by", type: .text, .notNull).run()
                try await context.database.create(table: context.table("always"))
                    .column("dish_key", type: .text, .primaryKey(autoIncrement: false))
                    .column("dish", type: .text, .notNull).column("position", type: .bigint, .notNull).run()
            },
            Migration(2, "menus and always-available dishes per school or group") { context in
                try await context.addScope(
                    to: "menus", columns: ["day", "specials", "vegetables", "fries", "updated_at", "updated_by"]
                ) {
                    $0.column(scope, type: .text, .notNull).column("day", type: .text, .notNull)
                        .column("specials", type: .text, .notNull).column("vegetables", type: .text, .notNull)
                        .column("fries", type: .int).column("updated_at", type: .bigint, .notNull)
                        .column("updated_by", type: .text, .notNull).primaryKey(scope, "day")
                }
                try await context.addScope(to: "always", columns: ["dish_key", "dish", "position"]) {
                    $0.column(scope, type: .text, .notNull).column("dish_key", type: .text, .notNull)
                        .column("dish", type: .text, .notNull).column("position", type: .bigint, .notNull)
                        .primaryKey(scope, "dish_key")
                }
            },
        ]
    }

    /// The column rows keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    /// The menus stored for the days in `range`, by day.
    func menus(in range: ClosedRange<LocalDate>) async throws -> [LocalDate: LunchMenu] {
        try await storage.read { [self] db in try await menus(in: range, on: db) }
    }

    /// The menus for the days in `range`, read on `db` (inside a transaction, say). Days are stored as
    /// ISO text, which sorts as the dates only with four digits of year, so the range is first held
    /// to ``LocalDate/earliest``…``LocalDate/latest`` (no menu is stored outside it): a range that runs
    /// past 9999-12-31 still finds the menus before it.
    func menus(in range: ClosedRange<LocalDate>, on db: any SQLDatabase) async throws -> [LocalDate: LunchMenu] {
        let lower = max(range.lowerBound, LocalDate.earliest)
        let upper = min(range.upperBound, LocalDate.latest)
        guard lower <= upper else { return [:] }
        let rows = try await db.select().columns("day", "specials", "vegetables", "fries").from(menusTable)
            .where(Self.scope, .equal, scope).where("day", .greaterThanOrEqual, SQLBind(lower.iso))
            .where("day", .lessThanOrEqual, SQLBind(upper.iso)).all()
        var menus: [LocalDate: LunchMenu] = [:]
        for row in rows {
            let menu = try Self.menu(from: row)
            menus[menu.date] = menu
        }
        return menus
    }

    /// The dishes served every day, in order.
    func alwaysDishes() async throws -> [String] {
        let table = alwaysTable
        let scope = scope
        return try await storage.read { db in
            try await db.select().column("dish").from(table).where(Self.scope, .equal, scope).orderBy("position").all()
                .map { try $0.decode(column: "dish", as: String.self) }
        }
    }

    /// Replaces the menu of `menu.date` inside the transaction `db`.
    func save(_ menu: LunchMenu, by user: UserID, at now: Date, on db: any SQLDatabase) async throws {
        try await delete(menu.date, on: db)
        try await db.insert(into: menusTable).columns(
            Self.scope, "day", "specials", "vegetables", "fries", "updated_at", "updated_by"
        )
        .values(
            scope, SQLBind(menu.date.iso), SQLBind(menu.specials.joined(separator: "\n")),
            SQLBind(menu.vegetables.joined(separator: "\n")), SQLBind(menu.fries.map { $0 ? 1 : 0 }),
            SQLBind(Int64(now.timeIntervalSince1970)), SQLBind(user.description)
        ).run()
    }

    /// Deletes the menu of `date` inside the transaction `db`; returns whether there was one.
    @discardableResult
    func delete(_ date: LocalDate, on db: any SQLDatabase) async throws -> Bool {
        let existing = try await db.select().column("day").from(menusTable).where(Self.scope, .equal, scope)
            .where("day", .equal, SQLBind(date.iso)).first()
        guard existing != nil else { return false }
        try await db.delete(from: menusTable).where(Self.scope, .equal, scope).where("day", .equal, SQLBind(date.iso))
            .run()
        return true
    }

    /// Adds an always-available dish at the end, inside `db`; returns false when it is already listed.
    func addAlways(_ dish: String, on db: any SQLDatabase) async throws -> Bool {
        let key = dish.lowercased()
        let existing = try await db.select().column("dish").from(alwaysTable).where(Self.scope, .equal, scope)
            .where("dish_key", .equal, SQLBind(key)).first()
        guard existing == nil else { return false }
        let last = try await db.select().column(SQLFunction("MAX", args: SQLColumn("position")), as: "last")
            .from(alwaysTable).where(Self.scope, .equal, scope).first()
            .flatMap { try $0.decode(column: "last", as: Int64?.self) }
        try await db.insert(into: alwaysTable).columns(Self.scope, "dish_key", "dish", "position")
            .values(scope, SQLBind(key), SQLBind(dish), SQLBind((last ?? 0) + 1)).run()
        return true
    }

    /// Removes an always-available dish (any case), inside `db`; returns the name it had, or nil.
    func removeAlways(_ dish: String, on db: any SQLDatabase) async throws -> String? {
        let key = dish.lowercased()
        let existing = try await db.select().column("dish").from(alwaysTable).where(Self.scope, .equal, scope)
            .where("dish_key", .equal, SQLBind(key)).first()
            .map { try $0.decode(column: "dish", as: String.self) }
        guard let existing else { return nil }
        try await db.delete(from: alwaysTable).where(Self.scope, .equal, scope).where("dish_key", .equal, SQLBind(key))
            .run()
        return existing
    }

    private static func menu(from row: any SQLRow) throws -> LunchMenu {
        let day = try row.decode(column: "day", as: String.self)
        guard let date = LocalDate(iso: day) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad day \(day) in lunch_menus"))
        }
        return LunchMenu(
            date: date, specials: lines(try row.decode(column: "specials", as: String.self)),
            vegetables: lines(try row.decode(column: "vegetables", as: String.self)),
            fries: try row.decode(column: "fries", as: Int?.self).map { $0 != 0 })
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}
