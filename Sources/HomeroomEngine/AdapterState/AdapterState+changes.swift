import Foundation
import HomeroomCore
import SQLKit

extension AdapterState {
    /// One change to an account's state, made with others in one transaction by ``apply(_:at:in:)``.
    package enum Change: Sendable, Equatable {
        /// Stores `value` under `key` (replacing what was there); `person` as in ``AdapterState/set(_:for:about:at:in:)``.
        case set(_ key: String, _ value: String, about: UserID?)
        /// Forgets `key`.
        case remove(_ key: String)
        /// Forgets every key that starts with `prefix`.
        case removeAll(prefix: String)
    }

    /// Makes `changes`, in order, in one transaction of `database`: under a duty, its hold's fenced
    /// database, so that they are all made while the hold is the lease's, or none is. Stored values
    /// are stamped with `now`. Refuses (before writing anything) a key or value longer than
    /// ``maximumLength`` bytes.
    package func apply(_ changes: [Change], at now: Date, in database: any Database) async throws {
        guard !changes.isEmpty else { return }
        for case .set(let key, let value, _) in changes
        where key.utf8.count > Self.maximumLength || value.utf8.count > Self.maximumLength {
            throw UserFacingError("an adapter state value is longer than \(Self.maximumLength) bytes")
        }
        let (adapter, account) = (adapter, account)
        let stamp = Int64(now.timeIntervalSince1970.rounded(.down))
        try await database.write { db in
            for change in changes {
                switch change {
                case .set(let key, let value, let person):
                    try await db.insert(into: Self.table)
                        .columns("adapter", "connection", "key", "value", "updated_at", "person")
                        .values(
                            SQLBind(adapter), SQLBind(account), SQLBind(key), SQLBind(value), SQLBind(stamp),
                            SQLBind(person?.description)
                        )
                        .onConflict(with: ["adapter", "connection", "key"]) {
                            $0.set(excludedValueOf: "value").set(excludedValueOf: "updated_at")
                                .set(excludedValueOf: "person")
                        }
                        .run()
                case .remove(let key):
                    try await db.delete(from: Self.table)
                        .where("adapter", .equal, SQLBind(adapter)).where("connection", .equal, SQLBind(account))
                        .where("key", .equal, SQLBind(key)).run()
                case .removeAll(let prefix):
                    try await db.delete(from: Self.table)
                        .where("adapter", .equal, SQLBind(adapter)).where("connection", .equal, SQLBind(account))
                        .where(startsWith("key", prefix)).run()
                }
            }
        }
    }

    /// The keys that start with `prefix` and their values, in the order of the keys (byte order),
    /// at most `limit` of them.
    package func values(withPrefix prefix: String, limit: Int, in database: any Database) async throws
        -> [(key: String, value: String)]
    {
        let (adapter, account) = (adapter, account)
        let limit = max(0, limit)
        let rows = try await database.read { db in
            try await db.select().column("key").column("value").from(Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("connection", .equal, SQLBind(account))
                .where(startsWith("key", prefix))
                .all()
        }
        var found: [(key: String, value: String)] = []
        for row in rows {
            found.append(
                (try row.decode(column: "key", as: String.self), try row.decode(column: "value", as: String.self)))
        }
        // Sorted here, by bytes: a PostgreSQL collation would order by the locale's rules.
        found.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return Array(found.prefix(limit))
    }
}
