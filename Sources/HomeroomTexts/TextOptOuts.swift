import Foundation
import HomeroomCore
import HomeroomEngine

/// The numbers that opted out of every text (STOP, or the gateway's own report that they did):
/// nothing is sent to them, by any path, until they text START. Kept in the adapter state of
/// `sms`, account `opt-outs`, with no person named, so that `/me forget` leaves the opt-out in place:
/// forgetting a person must not start texting them again.
package struct TextOptOuts: Sendable {
    let state = AdapterState(adapter: TextsPlatform.platform.rawValue, account: "opt-outs")
    let database: any Database

    /// The opt-outs kept in `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// True when `number` opted out.
    package func contains(_ number: PhoneNumber) async throws -> Bool {
        try await state.value(for: number.e164, in: database) != nil
    }

    /// Records that `number` opted out at `now`, by `how` (`STOP`, `Twilio error 21610`).
    package func add(_ number: PhoneNumber, how: String, at now: Date) async throws {
        try await state.set(how, for: number.e164, at: now, in: database)
    }

    /// Forgets that `number` opted out (it texted START).
    package func remove(_ number: PhoneNumber) async throws {
        try await state.remove(number.e164, in: database)
    }
}
