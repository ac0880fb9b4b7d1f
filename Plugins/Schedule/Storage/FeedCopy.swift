import Foundation
import HomeroomCore
import SQLKit

/// The last good copy of the calendar feed and how the feed has been doing.
struct FeedCopy: Sendable, Equatable {
    var url: String
    var body: String
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
}

extension FeedCopy {
    /// Names the stored copy: it changes exactly when a new body is stored.
    var version: String { "feed:\(Int64(fetchedAt.timeIntervalSince1970)):\(etag ?? "")" }
}

/// The stored copy's version and health, read without its body.
struct FeedState: Sendable, Equatable {
    var version: String
    var hasBody: Bool
    var checkedAt: Date
    var lastError: String?
}

extension ScheduleStore {
    /// The stored copy's version and health, without reading the body (a district feed can be megabytes).
    func feedState(for url: String) async throws -> FeedState? {
        let table = storage.table("feed")
        return try await storage.read { db in
            guard
                let row = try await db.select().columns("fetched_at", "checked_at", "etag", "last_error")
                    .column(SQLFunction("length", args: SQLColumn("body")), as: "body_length")
                    .from(table).where("url", .equal, SQLBind(url)).first()
            else { return nil }
            let etag = try row.decodeNil(column: "etag") ? nil : try row.decode(column: "etag", as: String.self)
            let fetchedAt = try row.decode(column: "fetched_at", as: Int64.self)
            return FeedState(
                version: "feed:\(fetchedAt):\(etag ?? "")",
                hasBody: try row.decode(column: "body_length", as: Int.self) > 0,
                checkedAt: Date(
                    timeIntervalSince1970: TimeInterval(try row.decode(column: "checked_at", as: Int64.self))),
                lastError: try row.decodeNil(column: "last_error")
                    ? nil : try row.decode(column: "last_error", as: String.self))
        }
    }

    func feedCopy(for url: String) async throws -> FeedCopy? {
        let table = storage.table("feed")
        return try await storage.read { db in try await Self.feedCopy(for: url, table: table, on: db) }
    }

    func feedCopy(for url: String, on db: any SQLDatabase) async throws -> FeedCopy? {
        try await Self.feedCopy(for: url, table: storage.table("feed"), on: db)
    }

    private static func feedCopy(for url: String, table: String, on db: any SQLDatabase) async throws -> FeedCopy? {
        guard let row = try await db.select().column("*").from(table).where("url", .equal, SQLBind(url)).first() else {
            return nil
        }
        func optional(_ column: String) throws -> String? {
            try row.decodeNil(column: column) ? nil : try row.decode(column: column, as: String.self)
        }
        let failing =
            try row.decodeNil(column: "failing_since") ? nil : try row.decode(column: "failing_since", as: Int64.self)
        return FeedCopy(
            url: url, body: try row.decode(column: "body", as: String.self), etag: try optional("etag"),
            lastModified: try optional("last_modified"),
            fetchedAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "fetched_at", as: Int64.self))),
            checkedAt: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "checked_at", as: Int64.self))),
            failingSince: failing.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            lastError: try optional("last_error"),
            alerted: try row.decode(column: "alerted", as: Int.self) != 0)
    }

    func save(_ copy: FeedCopy, on db: any SQLDatabase) async throws {
        let table = storage.table("feed")
        try await db.delete(from: table).where("url", .equal, SQLBind(copy.url)).run()
        try await db.insert(into: table)
            .columns(
                "url", "body", "etag", "last_modified", "fetched_at", "checked_at", "failing_since", "last_error",
                "alerted"
            )
            .values(
                SQLBind(copy.url), SQLBind(copy.body), SQLBind(copy.etag), SQLBind(copy.lastModified),
                SQLBind(Int64(copy.fetchedAt.timeIntervalSince1970)),
                SQLBind(Int64(copy.checkedAt.timeIntervalSince1970)),
                SQLBind(copy.failingSince.map { Int64($0.timeIntervalSince1970) }), SQLBind(copy.lastError),
                SQLBind(copy.alerted ? 1 : 0)
            ).run()
    }
}
