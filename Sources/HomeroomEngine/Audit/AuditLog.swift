import Foundation
import HomeroomCore
import SQLKit

/// The audit table, `core_audit`: every admin change and security event, never updated or deleted.
///
/// Plugins insert through the ``AuditTrail`` their ``PluginStorage`` carries, which is this log.
public struct AuditLog: AuditTrail {
    static let table = "core_audit"

    /// The audit log; it holds nothing but the table's name, so any value writes the same table.
    public init() {}

    /// Inserts `entry` in the caller's transaction `database` (``AuditTrail``).
    public func insert(_ entry: AuditEntry, into database: any SQLDatabase) async throws {
        try await Self.insert(entry, into: database)
    }

    /// Inserts `entry` on `database`; call it inside the transaction that makes the change.
    public static func insert(_ entry: AuditEntry, into database: any SQLDatabase) async throws {
        try await database.insert(into: table)
            .columns("at", "actor", "action", "detail", "channel", "school")
            .values(
                SQLBind(Int64(entry.at.timeIntervalSince1970)), SQLBind(entry.actor.description), SQLBind(entry.action),
                SQLBind(entry.detail), SQLBind(entry.channel), SQLBind(entry.school)
            )
            .run()
    }

    /// Records `entry` in a transaction of its own.
    public static func record(_ entry: AuditEntry, in database: any Database) async throws {
        try await database.write { try await insert(entry, into: $0) }
    }

    /// The most recent entries, newest first.
    public static func recent(_ limit: Int, in database: any Database) async throws -> [AuditEntry] {
        try await database.read { db in
            try await db.select().columns("at", "actor", "action", "detail", "channel", "school")
                .from(table).orderBy("id", .descending).limit(limit).all().map(entry)
        }
    }

    /// The entries `filter` lets through, newest first, each with its id: at most `limit`, all
    /// older than the entry numbered `before` when it is given (the next page starts before the
    /// last id of this one).
    package static func entries(
        matching filter: AuditFilter, before: Int64? = nil, limit: Int, in database: any Database
    ) async throws -> [(id: Int64, entry: AuditEntry)] {
        try await database.read { db in
            let query = db.select().columns("id", "at", "actor", "action", "detail", "channel", "school").from(table)
            if let actor = filter.actor { query.where("actor", .equal, SQLBind(actor)) }
            if let prefix = filter.actionPrefix {
                // Compared as text on SQLite and PostgreSQL alike, without LIKE's wildcards.
                let startsWithPrefix: SQLQueryString = "substr(action, 1, length(\(bind: prefix))) = \(bind: prefix)"
                query.where(startsWithPrefix)
            }
            if let from = filter.from {
                query.where("at", .greaterThanOrEqual, SQLBind(Int64(from.timeIntervalSince1970)))
            }
            if let until = filter.until { query.where("at", .lessThan, SQLBind(Int64(until.timeIntervalSince1970))) }
            if let before { query.where("id", .lessThan, SQLBind(before)) }
            return try await query.orderBy("id", .descending).limit(limit).all().map { row in
                (try row.decode(column: "id", as: Int64.self), try entry(row))
            }
        }
    }

    /// The entry a row of the table holds.
    private static func entry(_ row: any SQLRow) throws -> AuditEntry {
        AuditEntry(
            at: Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "at", as: Int64.self))),
            actor: UserID(try row.decode(column: "actor", as: String.self)) ?? AuditEntry.commandLine,
            action: try row.decode(column: "action", as: String.self),
            detail: try row.decode(column: "detail", as: String.self),
            channel: try row.decode(column: "channel", as: String?.self),
            school: try row.decode(column: "school", as: String?.self))
    }
}
