import Foundation
import HomeroomCore
import SQLKit

/// The people of one adapter who asked for nothing more (a number that texted STOP, an address
/// that unsubscribed): nothing is sent to them, by any path, until they opt in again. Kept in the
/// adapter's state (account `opt-outs`) with no person named, so that `/me forget` leaves the
/// opt-out in place: forgetting a person must not start sending to them again.
package struct OptOutList: Sendable {
    let state: AdapterState
    let database: any Database

    /// The opt-outs of `adapter` kept in `database`.
    package init(adapter: String, database: any Database) {
        state = AdapterState(adapter: adapter, account: "opt-outs")
        self.database = database
    }

    /// True when `identity` (a number in E.164, an address) opted out.
    package func contains(_ identity: String) async throws -> Bool {
        try await state.value(for: identity, in: database) != nil
    }

    /// Records that `identity` opted out at `now`, by `how` (`STOP`, `one-click unsubscribe`).
    package func add(_ identity: String, how: String, at now: Date) async throws {
        try await state.set(how, for: identity, at: now, in: database)
    }

    /// Forgets that `identity` opted out (it opted in again).
    package func remove(_ identity: String) async throws {
        try await state.remove(identity, in: database)
    }
}

extension OptOutList {
    /// Those of `identities` that opted out, read in one query per few hundred.
    package func optedOut(among identities: [String]) async throws -> Set<String> {
        guard !identities.isEmpty else { return [] }
        return try await database.read { [state] db in
            var found = Set<String>()
            for start in stride(from: 0, to: identities.count, by: 500) {
                let batch = Array(identities[start..<min(start + 500, identities.count)])
                let rows = try await db.select().column("key").from(AdapterState.table)
                    .where("adapter", .equal, SQLBind(state.adapter)).where(
                        "connection", .equal, SQLBind(state.account)
                    )
                    .where("key", .in, SQLBind.group(batch)).all()
                for row in rows { found.insert(try row.decode(column: "key", as: String.self)) }
            }
            return found
        }
    }
}
