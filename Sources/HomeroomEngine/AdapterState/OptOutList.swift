import Foundation
import HomeroomCore

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
