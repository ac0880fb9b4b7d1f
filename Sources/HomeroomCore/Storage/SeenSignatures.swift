import Foundation

/// The signatures of signed requests already accepted, each remembered until an instant its
/// caller chooses: a webhook platform's replay guard asks it whether a request was seen before,
/// and writes no SQL of its own. ``Database/seenSignatures`` gives the one of a database.
public protocol SeenSignatures: Sendable {
    /// Remembers `signature` until `expiry`; false when it is remembered already and its time has
    /// not ended at `now`. Throws when the store cannot answer (a database that is down).
    func remember(_ signature: [UInt8], until expiry: Date, now: Date) async throws -> Bool
}
