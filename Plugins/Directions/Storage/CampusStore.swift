import Campus
import Foundation
import HomeroomCore
import SQLKit

/// The directions plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `directions_campus`: the imported campus file, one row per scope (a school, or the group of
///   schools sharing a campus), with a revision that grows on each import.
/// - `directions_locations`: the checkpoint each person last scanned or named, when, and on
///   which scope's campus.
///
/// The campus is read into memory once per revision and kept in `cache`, by scope: within its time to live
/// the campus is used without asking storage, so a route costs no query; after it, one small query
/// compares the revision, and only a new revision reads the file again. An import announces itself
/// (the cache is shared), so every instance reads the new revision at the next question.
struct CampusStore: Sendable {
    /// The campus as read at one revision.
    struct Revised: Sendable {
        var revision: Int64
        var campus: Campus
    }

    /// The campus table's one row per scope.
    static let row = 1

    let storage: PluginStorage
    /// The campus of each scope, by scope.
    let cache: ExpiringCache<String, Revised>

    /// The column rows keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    static func migrations() -> [Migration] {
        [
            Migration(1, "campus map and last known locations") { context in
                let db = context.database
                try await db.create(table: context.table("campus"))
                    .column("id", type: .int, .primaryKey(autoIncrement: false))
                    .column("revision", type: .bigint, .notNull).column("document", type: .text, .notNull)
                    .column("imported_by", type: .text, .notNull).column("imported_at", type: .bigint, .notNull).run()
                try await db.create(table: context.table("locations"))
                    .column("user_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("checkpoint", type: .text, .notNull).column("set_at", type: .bigint, .notNull).run()
            },
            Migration(2, "a campus map per school or group") { context in
                try await context.addScope(
                    to: "campus", columns: ["id", "revision", "document", "imported_by", "imported_at"]
                ) {
                    $0.column(scope, type: .text, .notNull).column("id", type: .int, .notNull)
                        .column("revision", type: .bigint, .notNull).column("document", type: .text, .notNull)
                        .column("imported_by", type: .text, .notNull).column("imported_at", type: .bigint, .notNull)
                        .primaryKey(scope, "id")
                }
                try await context.addScope(to: "locations", columns: ["user_id", "checkpoint", "set_at"]) {
                    $0.column(scope, type: .text, .notNull).column("user_id", type: .text, .notNull)
                        .column("checkpoint", type: .text, .notNull).column("set_at", type: .bigint, .notNull)
                        .primaryKey("user_id")
                }
            },
        ]
    }

    /// The campus at `now`, or nil before the first import.
    func campus(at now: Date) async throws -> Campus? {
        let scope = storage.scope
        if let kept = cache.value(for: scope, at: now) { return kept.campus }
        let generation = cache.generation
        let table = storage.table("campus")
        let revision: Int64? = try await storage.read { db in
            try await db.select().column("revision").from(table).where(Self.scope, .equal, SQLBind(scope))
                .where("id", .equal, 1).first()?
                .decode(column: "revision", as: Int64.self)
        }
        guard let revision else { return nil }
        if let kept = cache.heldValue(for: scope), kept.revision == revision {
            cache.store(kept, for: scope, at: now, readSince: generation)
            return kept.campus
        }
        let document: String? = try await storage.read { db in
            try await db.select().column("document").from(table).where(Self.scope, .equal, SQLBind(scope))
                .where("revision", .equal, revision).first()?
                .decode(column: "document", as: String.self)
        }
        // Replaced between the two reads: read the newer one.
        guard let document else { return try await campus(at: now) }
        let campus = try Campus.read(Array(document.utf8))
        cache.store(Revised(revision: revision, campus: campus), for: scope, at: now, readSince: generation)
        return campus
    }

    /// The campus file stored for `storage`'s scope as it was imported, or nil before the first import.
    static func storedDocument(in storage: PluginStorage) async throws -> String? {
        let table = storage.table("campus")
        let scope = SQLBind(storage.scope)
        return try await storage.read { db in
            try await db.select().column("document").from(table).where(Self.scope, .equal, scope)
                .where("id", .equal, row).first()?
                .decode(column: "document", as: String.self)
        }
    }

    /// Replaces the campus with `document` (already read as `campus`) and records `audit` in the
    /// same transaction; locations naming checkpoints the new campus lacks are dropped.
    func replace(with document: String, campus: Campus, audit: AuditEntry) async throws {
        let campusTable = storage.table("campus")
        let locations = storage.table("locations")
        let ids = campus.checkpoints.map(\.id)
        let scope = SQLBind(storage.scope)
        try await storage.write { db in
            let previous = try await db.select().column("revision").from(campusTable).where(Self.scope, .equal, scope)
                .where("id", .equal, 1).first()?
                .decode(column: "revision", as: Int64.self)
            try await db.delete(from: campusTable).where(Self.scope, .equal, scope).run()
            try await db.insert(into: campusTable)
                .columns(Self.scope, "id", "revision", "document", "imported_by", "imported_at")
                .values(
                    scope, SQLBind(1), SQLBind((previous ?? 0) + 1), SQLBind(document),
                    SQLBind(audit.actor.description),
                    SQLBind(Int64(audit.at.timeIntervalSince1970))
                ).run()
            try await db.delete(from: locations).where(Self.scope, .equal, scope)
                .where("checkpoint", .notIn, SQLBind.group(ids)).run()
            try await storage.audit.insert(audit, into: db)
        }
    }

    /// The checkpoint `user` last scanned or named, and when.
    func location(of user: UserID) async throws -> (checkpoint: String, at: Date)? {
        let table = storage.table("locations")
        let scope = SQLBind(storage.scope)
        return try await storage.read { db in
            guard
                let row = try await db.select().columns("checkpoint", "set_at").from(table)
                    .where("user_id", .equal, user.description).where(Self.scope, .equal, scope).first()
            else { return nil }
            return (
                try row.decode(column: "checkpoint", as: String.self),
                Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "set_at", as: Int64.self)))
            )
        }
    }

    /// Remembers where `user` is: on this scope's campus (a place on another school's is forgotten).
    func setLocation(of user: UserID, to checkpoint: String, at now: Date) async throws {
        let table = storage.table("locations")
        let scope = SQLBind(storage.scope)
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, user.description).run()
            try await db.insert(into: table).columns(Self.scope, "user_id", "checkpoint", "set_at")
                .values(
                    scope, SQLBind(user.description), SQLBind(checkpoint), SQLBind(Int64(now.timeIntervalSince1970))
                ).run()
        }
    }
}
