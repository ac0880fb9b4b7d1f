import Foundation
import HomeroomCore
import SQLKit

/// Clubs (`events_clubs`), kept by admins for each scope (a school, or the group of schools
/// sharing events); every query reads and writes the storage's scope alone.
struct ClubStore: Sendable {
    let storage: PluginStorage

    /// The column rows keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    static func migration() -> Migration {
        Migration(2, "clubs and activities") { context in
            try await context.database.create(table: context.table("clubs"))
                .column("name", type: .text, .primaryKey(autoIncrement: false)).column("title", type: .text, .notNull)
                .column("category", type: .text).column("meets", type: .text).column("room", type: .text)
                .column("advisor", type: .text).column("link", type: .text)
                .column("updated_by", type: .text, .notNull).column("updated_at", type: .bigint, .notNull).run()
        }
    }

    private static let columns = ["name", "title", "category", "meets", "room", "advisor", "link"]

    func club(_ name: String) async throws -> Club? {
        let table = storage.table("clubs")
        let scope = scope
        return try await storage.read { db in
            try await db.select().columns(Self.columns).from(table).where(Self.scope, .equal, scope)
                .where("name", .equal, name).first().map(Self.club(in:))
        }
    }

    /// Every club, by title; those of `category` when given.
    func clubs(in category: String? = nil) async throws -> [Club] {
        let table = storage.table("clubs")
        let scope = scope
        return try await storage.read { db in
            var query = db.select().columns(Self.columns).from(table).where(Self.scope, .equal, scope)
            if let category { query = query.where("category", .equal, category) }
            return try await query.orderBy("title").all().map(Self.club(in:))
        }
    }

    /// Stores `club` in place of the one with its name, with the audit entry.
    func save(_ club: Club, audit: AuditEntry) async throws {
        let table = storage.table("clubs")
        let scope = scope
        try await storage.write { db in
            try await db.delete(from: table).where(Self.scope, .equal, scope).where("name", .equal, club.name).run()
            try await db.insert(into: table).columns([Self.scope] + Self.columns + ["updated_by", "updated_at"])
                .values(
                    scope, SQLBind(club.name), SQLBind(club.title), SQLBind(club.category), SQLBind(club.meets),
                    SQLBind(club.room), SQLBind(club.advisor), SQLBind(club.link), SQLBind(audit.actor.description),
                    SQLBind(EventStore.seconds(audit.at))
                ).run()
            try await storage.audit.insert(audit, into: db)
        }
    }

    /// Removes the club `name` with the audit entry; false when there was none.
    func remove(_ name: String, audit: AuditEntry) async throws -> Bool {
        let table = storage.table("clubs")
        let scope = scope
        return try await storage.write { db in
            guard
                try await db.select().column("name").from(table).where(Self.scope, .equal, scope)
                    .where("name", .equal, name).first() != nil
            else { return false }
            try await db.delete(from: table).where(Self.scope, .equal, scope).where("name", .equal, name).run()
            try await storage.audit.insert(audit, into: db)
            return true
        }
    }

    private static func club(in row: any SQLRow) throws -> Club {
        Club(
            name: try row.decode(column: "name", as: String.self),
            title: try row.decode(column: "title", as: String.self),
            category: try row.decode(column: "category", as: String?.self),
            meets: try row.decode(column: "meets", as: String?.self),
            room: try row.decode(column: "room", as: String?.self),
            advisor: try row.decode(column: "advisor", as: String?.self),
            link: try row.decode(column: "link", as: String?.self))
    }
}
