import Foundation
import HomeroomCore
import SQLKit

/// What one adapter account remembers across restarts, as text values by key, in the core table
/// `core_adapter_state`: Matrix keeps its sync position (`since`), the session a password login
/// gave (`session`) and the direct room opened for each person (`direct:@alice:server`).
///
/// Writes go through the database given: under a duty, its hold's fenced database, so that an
/// instance whose lease passed on can no longer move the sync position back.
package struct AdapterState: Sendable {
    /// The table.
    static let table = "core_adapter_state"
    /// The longest key or value stored, in bytes; longer ones are refused.
    package static let maximumLength = 65_536

    /// The adapter (`matrix`).
    package let adapter: String
    /// The account within the adapter (the configured account's name), in the column `connection`.
    package let account: String

    /// The state of `adapter`'s `account`.
    package init(adapter: String, account: String) {
        self.adapter = adapter
        self.account = account
    }

    /// The value stored under `key`, or nil.
    package func value(for key: String, in database: any Database) async throws -> String? {
        let (adapter, account) = (adapter, account)
        return try await database.read { db in
            try await db.select().column("value").from(Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("connection", .equal, SQLBind(account))
                .where("key", .equal, SQLBind(key))
                .first()?.decode(column: "value", as: String.self)
        }
    }

    /// Stores `value` under `key` (replacing what was there), stamped with `now`. A value kept for
    /// one person (their direct-message channel, a conversation reference) names them as `person`,
    /// so that `/me forget` deletes it.
    package func set(
        _ value: String, for key: String, about person: UserID? = nil, at now: Date, in database: any Database
    ) async throws {
        try await apply([.set(key, value, about: person)], at: now, in: database)
    }

    /// Forgets `key`.
    package func remove(_ key: String, in database: any Database) async throws {
        let (adapter, account) = (adapter, account)
        try await database.write { db in
            try await db.delete(from: Self.table)
                .where("adapter", .equal, SQLBind(adapter)).where("connection", .equal, SQLBind(account))
                .where("key", .equal, SQLBind(key)).run()
        }
    }
}

extension AdapterState {
    /// Deletes every adapter's state about any of `identities`, on `db` (the `/me forget` transaction).
    static func forget(_ identities: [UserID], on db: any SQLDatabase) async throws {
        try await db.deleteRows(naming: identities, from: table, column: "person")
    }
}
