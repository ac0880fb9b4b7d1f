import Foundation
import HomeroomCore
import SQLKit

/// The events plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `events_events`: events added in chat, public or of a circle.
/// - `events_feeds`: the last good copy of each calendar feed, with its validators and failures,
///   by address: which feeds a school shows is its configuration's (`calendarURLs`), and a copy
///   is the same for any school that lists the address.
/// - `events_circles`, `events_members`, `events_invitations`, `events_posts`: circles, who is
///   in them, who is invited, and what was posted (each post's deliveries are queued in the
///   outbox in the same transaction).
///
/// Events, circles (with their members, invitations and posts) and clubs (``ClubStore``) belong
/// to a scope: a school, or the group of schools sharing events. Every query reads and writes
/// the storage's scope alone, but for forgetting a person (``CircleStore/forget(_:on:)``).
struct EventStore: Sendable {
    let storage: PluginStorage

    /// The column rows keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    static func migrations() -> [Migration] {
        [
            Migration(1, "events, calendar feeds and circles") { context in
                let db = context.database
                try await db.create(table: context.table("events"))
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("title", type: .text, .notNull).column("starts_at", type: .bigint, .notNull)
                    .column("ends_at", type: .bigint, .notNull).column("place", type: .text)
                    .column("circle", type: .text).column("added_by", type: .text, .notNull)
                    .column("added_at", type: .bigint, .notNull).run()
                try await db.create(index: "events_events_start").on(context.table("events")).column("starts_at").run()
                try await db.create(table: context.table("feeds"))
                    .column("url", type: .text, .primaryKey(autoIncrement: false)).column("body", type: .text)
                    .column("etag", type: .text).column("last_modified", type: .text)
                    .column("checked_at", type: .bigint, .notNull).column("failure", type: .text).run()
                try await db.create(table: context.table("circles"))
                    .column("name", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner", type: .text, .notNull).column("open", type: .int, .notNull)
                    .column("created_at", type: .bigint, .notNull).run()
                try await db.create(table: context.table("members"))
                    .column("circle", type: .text, .notNull).column("user_id", type: .text, .notNull)
                    .column("joined_at", type: .bigint, .notNull)
                    .primaryKey("circle", "user_id").run()
                try await db.create(table: context.table("invitations"))
                    .column("circle", type: .text, .notNull).column("user_id", type: .text, .notNull)
                    .column("invited_by", type: .text, .notNull).column("invited_at", type: .bigint, .notNull)
                    .primaryKey("circle", "user_id").run()
                try await db.create(table: context.table("posts"))
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("circle", type: .text, .notNull).column("author", type: .text, .notNull)
                    .column("text", type: .text, .notNull).column("posted_at", type: .bigint, .notNull).run()
            }
        ]
    }

    /// Step 3, after the clubs (``ClubStore/migration()``): events, circles and clubs per school or
    /// group. Events and posts gain the column in place, so they keep their numbers; the tables
    /// keyed by a name are rebuilt with the scope in front of it, so two schools may each have
    /// a circle or a club of the same name.
    static func scopeMigration() -> Migration {
        Migration(3, "events, circles and clubs per school or group") { context in
            for name in ["events", "posts"] {
                try await context.database.alter(table: context.table(name))
                    .column(scope, type: .text, .notNull, .default(School.soleSchoolID)).run()
            }
            try await context.addScope(to: "circles", columns: ["name", "owner", "open", "created_at"]) {
                $0.column(scope, type: .text, .notNull).column("name", type: .text, .notNull)
                    .column("owner", type: .text, .notNull).column("open", type: .int, .notNull)
                    .column("created_at", type: .bigint, .notNull).primaryKey(scope, "name")
            }
            try await context.addScope(to: "members", columns: ["circle", "user_id", "joined_at"]) {
                $0.column(scope, type: .text, .notNull).column("circle", type: .text, .notNull)
                    .column("user_id", type: .text, .notNull).column("joined_at", type: .bigint, .notNull)
                    .primaryKey(scope, "circle", "user_id")
            }
            try await context.addScope(
                to: "invitations", columns: ["circle", "user_id", "invited_by", "invited_at"]
            ) {
                $0.column(scope, type: .text, .notNull).column("circle", type: .text, .notNull)
                    .column("user_id", type: .text, .notNull).column("invited_by", type: .text, .notNull)
                    .column("invited_at", type: .bigint, .notNull).primaryKey(scope, "circle", "user_id")
            }
            try await context.addScope(
                to: "clubs",
                columns: ["name", "title", "category", "meets", "room", "advisor", "link", "updated_by", "updated_at"]
            ) {
                $0.column(scope, type: .text, .notNull).column("name", type: .text, .notNull)
                    .column("title", type: .text, .notNull).column("category", type: .text)
                    .column("meets", type: .text).column("room", type: .text).column("advisor", type: .text)
                    .column("link", type: .text).column("updated_by", type: .text, .notNull)
                    .column("updated_at", type: .bigint, .notNull).primaryKey(scope, "name")
            }
        }
    }

    // MARK: Events

    /// Adds `event` with the audit entry; returns its number.
    func add(_ event: SchoolEvent, audit: AuditEntry) async throws -> Int64 {
        let table = storage.table("events")
        return try await storage.write { db in
            let rows = try await db.insert(into: table)
                .columns(Self.scope, "title", "starts_at", "ends_at", "place", "circle", "added_by", "added_at")
                .values(
                    scope, SQLBind(event.title), SQLBind(Self.seconds(event.start)), SQLBind(Self.seconds(event.end)),
                    SQLBind(event.place), SQLBind(event.circle), SQLBind(audit.actor.description),
                    SQLBind(Self.seconds(audit.at))
                ).returning("id").all()
            try await storage.audit.insert(audit, into: db)
            return try rows[0].decode(column: "id", as: Int64.self)
        }
    }

    /// The event numbered `id`.
    func event(_ id: Int64) async throws -> SchoolEvent? {
        let table = storage.table("events")
        let scope = scope
        return try await storage.read { db in
            try await db.select().columns(Self.eventColumns).from(table).where(Self.scope, .equal, scope)
                .where("id", .equal, id).first().map(Self.event(in:))
        }
    }

    /// Removes the event numbered `id` with the audit entry.
    func remove(_ id: Int64, audit: AuditEntry) async throws {
        let table = storage.table("events")
        let scope = scope
        try await storage.write { db in
            try await db.delete(from: table).where(Self.scope, .equal, scope).where("id", .equal, id).run()
            try await storage.audit.insert(audit, into: db)
        }
    }

    /// The added events overlapping [from, to): the public ones and those of `circles`, by start.
    func events(from: Date, to: Date, circles: [String]) async throws -> [SchoolEvent] {
        let table = storage.table("events")
        let scope = scope
        return try await storage.read { db in
            var query = db.select().columns(Self.eventColumns).from(table).where(Self.scope, .equal, scope)
                .where("starts_at", .lessThan, Self.seconds(to)).where("ends_at", .greaterThan, Self.seconds(from))
            query = query.where { group in
                var group = group.where("circle", .is, SQLLiteral.null)
                if !circles.isEmpty { group = group.orWhere("circle", .in, SQLBind.group(circles)) }
                return group
            }
            return try await query.orderBy("starts_at").orderBy("id").all().map(Self.event(in:))
        }
    }

    private static let eventColumns = ["id", "title", "starts_at", "ends_at", "place", "circle", "added_by"]

    private static func event(in row: any SQLRow) throws -> SchoolEvent {
        SchoolEvent(
            id: try row.decode(column: "id", as: Int64.self), title: try row.decode(column: "title", as: String.self),
            start: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "starts_at", as: Int64.self))),
            end: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "ends_at", as: Int64.self))),
            place: try row.decode(column: "place", as: String?.self),
            circle: try row.decode(column: "circle", as: String?.self),
            addedBy: try row.decode(column: "added_by", as: String.self))
    }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    // MARK: Calendar feeds

    /// A feed's stored state.
    struct FeedState: Sendable {
        var body: String?
        var etag: String?
        var lastModified: String?
        var failure: String?
    }

    func feedState(_ url: String) async throws -> FeedState? {
        try await storage.read { db in try await feedState(url, on: db) }
    }

    private func feedState(_ url: String, on db: any SQLDatabase) async throws -> FeedState? {
        try await db.select().columns("body", "etag", "last_modified", "failure").from(storage.table("feeds"))
            .where("url", .equal, url).first()
            .map { row in
                FeedState(
                    body: try row.decode(column: "body", as: String?.self),
                    etag: try row.decode(column: "etag", as: String?.self),
                    lastModified: try row.decode(column: "last_modified", as: String?.self),
                    failure: try row.decode(column: "failure", as: String?.self))
            }
    }

    /// Records a refresh of `url`: a new copy when `state.body` is given, else the held copy stays.
    func saveFeed(_ url: String, _ state: FeedState, at now: Date) async throws {
        let table = storage.table("feeds")
        try await storage.write { db in
            let previous = try await feedState(url, on: db)
            let fresh = state.body != nil
            try await db.delete(from: table).where("url", .equal, url).run()
            try await db.insert(into: table)
                .columns("url", "body", "etag", "last_modified", "checked_at", "failure")
                .values(
                    SQLBind(url), SQLBind(state.body ?? previous?.body),
                    SQLBind(fresh ? state.etag : previous?.etag),
                    SQLBind(fresh ? state.lastModified : previous?.lastModified),
                    SQLBind(Self.seconds(now)), SQLBind(state.failure)
                ).run()
        }
    }
}
