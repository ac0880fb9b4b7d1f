import Foundation
import HomeroomCore
import SQLKit

/// How the calendar feed has been doing and which copy is stored: everything of the feed's row
/// but the body, which can be megabytes and is read only when it changed.
struct FeedState: Sendable, Equatable {
    var url: String
    var etag: String?
    var lastModified: String?
    /// When the body was last fetched (200).
    var fetchedAt: Date
    /// When the feed was last asked (200, 304 or a failure).
    var checkedAt: Date
    /// Since when every attempt failed; nil while the feed works.
    var failingSince: Date?
    var lastError: String?
    /// Whether admins were told about the current failure.
    var alerted: Bool
    /// The length of the stored body in characters; 0 when no fetch has worked yet.
    var bodyLength: Int

    /// Whether a copy is stored.
    var hasBody: Bool { bodyLength > 0 }

    /// Names the stored copy: it changes exactly when a new body is stored.
    var version: String { Self.version(fetchedAt: Int64(fetchedAt.timeIntervalSince1970), etag: etag) }

    static func version(fetchedAt: Int64, etag: String?) -> String { "feed:\(fetchedAt):\(etag ?? "")" }

    /// A feed that has never been fetched successfully.
    static func empty(url: String, at now: Date) -> FeedState {
        FeedState(
            url: url, etag: nil, lastModified: nil, fetchedAt: Date(timeIntervalSince1970: 0), checkedAt: now,
            failingSince: nil, lastError: nil, alerted: false, bodyLength: 0)
    }
}

extension ScheduleStore {
    func feedState(for url: String) async throws -> FeedState? {
        let table = storage.table("feed")
        return try await storage.read { db in try await Self.feedState(for: url, table: table, on: db) }
    }

    func feedState(for url: String, on db: any SQLDatabase) async throws -> FeedState? {
        try await Self.feedState(for: url, table: storage.table("feed"), on: db)
    }

    private static func feedState(for url: String, table: String, on db: any SQLDatabase) async throws -> FeedState? {
        guard
            let row = try await db.select()
                .columns("etag", "last_modified", "fetched_at", "checked_at", "failing_since", "last_error", "alerted")
                .column(SQLFunction("length", args: SQLColumn("body")), as: "body_length")
                .from(table).where("url", .equal, SQLBind(url)).first()
        else { return nil }
        func text(_ column: String) throws -> String? {
            try row.decodeNil(column: column) ? nil : try row.decode(column: column, as: String.self)
        }
        func instant(_ column: String) throws -> Date? {
            try row.decodeNil(column: column)
                ? nil : Date(timeIntervalSince1970: TimeInterval(try row.decode(column: column, as: Int64.self)))
        }
        return FeedState(
            url: url, etag: try text("etag"), lastModified: try text("last_modified"),
            fetchedAt: try instant("fetched_at") ?? Date(timeIntervalSince1970: 0),
            checkedAt: try instant("checked_at") ?? Date(timeIntervalSince1970: 0),
            failingSince: try instant("failing_since"), lastError: try text("last_error"),
            alerted: try row.decode(column: "alerted", as: Int.self) != 0,
            bodyLength: try row.decode(column: "body_length", as: Int.self))
    }

    /// The stored body and its version, nil when there is none.
    func feedBody(for url: String) async throws -> (body: String, version: String)? {
        let table = storage.table("feed")
        return try await storage.read { db in
            guard
                let row = try await db.select().columns("body", "fetched_at", "etag").from(table)
                    .where("url", .equal, SQLBind(url)).first()
            else { return nil }
            let body = try row.decode(column: "body", as: String.self)
            guard !body.isEmpty else { return nil }
            let etag = try row.decodeNil(column: "etag") ? nil : try row.decode(column: "etag", as: String.self)
            return (
                body, FeedState.version(fetchedAt: try row.decode(column: "fetched_at", as: Int64.self), etag: etag)
            )
        }
    }

    /// Stores a newly fetched body; the feed is healthy again.
    func saveBody(
        _ body: String, url: String, etag: String?, lastModified: String?, at now: Date, on db: any SQLDatabase
    ) async throws {
        let table = storage.table("feed")
        try await db.delete(from: table).where("url", .equal, SQLBind(url)).run()
        try await db.insert(into: table)
            .columns(
                "url", "body", "etag", "last_modified", "fetched_at", "checked_at", "failing_since", "last_error",
                "alerted"
            )
            .values(
                SQLBind(url), SQLBind(body), SQLBind(etag), SQLBind(lastModified),
                SQLBind(Int64(now.timeIntervalSince1970)), SQLBind(Int64(now.timeIntervalSince1970)),
                SQLBind(Int64?.none), SQLBind(String?.none), SQLBind(0)
            ).run()
    }

    /// Stores how the feed is doing, leaving the body as it is (an empty one for a feed never fetched).
    func saveHealth(_ state: FeedState, on db: any SQLDatabase) async throws {
        let table = storage.table("feed")
        let updated = try await db.update(table)
            .set("checked_at", to: SQLBind(Int64(state.checkedAt.timeIntervalSince1970)))
            .set("failing_since", to: SQLBind(state.failingSince.map { Int64($0.timeIntervalSince1970) }))
            .set("last_error", to: SQLBind(state.lastError))
            .set("alerted", to: SQLBind(state.alerted ? 1 : 0))
            .where("url", .equal, SQLBind(state.url)).returning("url").all()
        guard updated.isEmpty else { return }
        try await db.insert(into: table)
            .columns(
                "url", "body", "etag", "last_modified", "fetched_at", "checked_at", "failing_since", "last_error",
                "alerted"
            )
            .values(
                SQLBind(state.url), SQLBind(""), SQLBind(state.etag), SQLBind(state.lastModified),
                SQLBind(Int64(state.fetchedAt.timeIntervalSince1970)),
                SQLBind(Int64(state.checkedAt.timeIntervalSince1970)),
                SQLBind(state.failingSince.map { Int64($0.timeIntervalSince1970) }), SQLBind(state.lastError),
                SQLBind(state.alerted ? 1 : 0)
            ).run()
    }
}
