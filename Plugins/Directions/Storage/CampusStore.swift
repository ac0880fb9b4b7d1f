import Campus
import Foundation
import HomeroomCore
import SQLKit

/// The directions plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `directions_campus`: the imported campus file, one row, with a revision that grows on each import.
/// - `directions_locations`: the checkpoint each person last scanned or named, and when.
///
/// The campus is read into memory once per revision and kept in `cache`: within its time to live
/// the campus is used without asking storage, so a route costs no query; after it, one small query
/// compares the revision, and only a new revision reads the file again. An import announces itself
/// (the cache is shared), so every instance reads the new revision at the next question.
struct CampusStore: Sendable {
    /// The campus as read at one revision.
    struct Revised: Sendable {
        var revision: Int64
        var campus: Campus
    }

    /// The campus table's one row, under which `cache` keeps the campus.
    static let row = 1

    let storage: PluginStorage
    let cache: ExpiringCache<Int, Revised>

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
            }
        ]
    }

    /// The campus at `now`, or nil before the first import.
    func campus(at now: Date) async throws -> Campus? {
        if let kept = cache.value(for: Self.row, at: now) { return kept.campus }
        let generation = cache.generation
        let table = storage.table("campus")
        let revision: Int64? = try await storage.read { db in
            try await db.select().column("revision").from(table).where("id", .equal, 1).first()?
                .decode(column: "revision", as: Int64.self)
        }
        guard let revision else { return nil }
        if let kept = cache.heldValue(for: Self.row), kept.revision == revision {
            cache.store(kept, for: Self.row, at: now, readSince: generation)
            return kept.campus
        }
        let document: String? = try await storage.read { db in
            try await db.select().column("document").from(table).where("revision", .equal, revision).first()?
                .decode(column: "document", as: String.self)
        }
        // Replaced between the two reads: read the newer one.
        guard let document else { return try await campus(at: now) }
        let campus = try Campus.read(Array(document.utf8))
        cache.store(Revised(revision: revision, campus: campus), for: Self.row, at: now, readSince: generation)
        return campus
    }

    /// Replaces the campus with `document` (already read as `campus`) and records `audit` in the
    /// same transaction; locations naming checkpoints the new campus lacks are dropped.
    func replace(with document: String, campus: Campus, audit: AuditEntry) async throws {
        let campusTable = storage.table("campus")
        let locations = storage.table("locations")
        let ids = campus.checkpoints.map(\.id)
        try await storage.write { db in
            let previous = try await db.select().column("revision").from(campusTable).where("id", .equal, 1).first()?
                .decode(column: "revision", as: Int64.self)
            try await db.delete(from: campusTable).run()
            try await db.insert(into: campusTable).columns("id", "revision", "document", "imported_by", "imported_at")
                .values(
                    SQLBind(1), SQLBind((previous ?? 0) + 1), SQLBind(document), SQLBind(audit.actor.description),
                    SQLBind(Int64(audit.at.timeIntervalSince1970))
                ).run()
            try await db.delete(from: locations).where("checkpoint", .notIn, SQLBind.group(ids)).run()
            try await storage.audit.insert(audit, into: db)
        }
    }

    /// The checkpoint `user` last scanned or named, and when.
    func location(of user: UserID) async throws -> (checkpoint: String, at: Date)? {
        let table = storage.table("locations")
        return try await storage.read { db in
            guard
                let row = try await db.select().columns("checkpoint", "set_at").from(table)
                    .where("user_id", .equal, user.description).first()
            else { return nil }
            return (
                try row.decode(column: "checkpoint", as: String.self),
                Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "set_at", as: Int64.self)))
            )
        }
    }

    /// Remembers where `user` is.
    func setLocation(of user: UserID, to checkpoint: String, at now: Date) async throws {
        let table = storage.table("locations")
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, user.description).run()
            try await db.insert(into: table).columns("user_id", "checkpoint", "set_at")
                .values(SQLBind(user.description), SQLBind(checkpoint), SQLBind(Int64(now.timeIntervalSince1970))).run()
        }
    }
}
