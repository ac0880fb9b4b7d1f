import Foundation
import HomeroomCore
import Logging

/// Remembers the signatures of accepted requests for a while, so that a captured request sent
/// again is refused even though its signature (and timestamp) are valid. A signature is kept by
/// its decoded bytes: the same HMAC in upper-case hex, or base64 with other padding, is the same
/// signature.
///
/// One SQLite file is one instance, which keeps them in memory; instances sharing a PostgreSQL
/// database keep them in that database, so a request accepted by one is refused by every other.
enum ReplayGuard: Sendable {
    /// The signatures this process accepted.
    case inMemory(SeenSignaturesInMemory)
    /// The signatures every instance on the database accepted.
    case shared(SeenSignaturesTable)

    /// The guard for instances on `database`, remembering each signature for `window` seconds
    /// after the instant it was signed.
    static func make(window: TimeInterval, database: any Database, logger: Logger) -> ReplayGuard {
        switch database.backend {
        case .sqlite: .inMemory(SeenSignaturesInMemory(window: window))
        case .postgres: .shared(SeenSignaturesTable(database: database, window: window, logger: logger))
        }
    }

    /// Records `signature` (signed at `timestamp`, or received, for a platform that signs no
    /// timestamp); false when it was already seen. When the record cannot be checked (the
    /// database does not answer), the request is refused with 503: a possible replay is never
    /// accepted.
    func firstUse(of signature: [UInt8], signedAt timestamp: Date, now: Date) async throws(WebhookRejection) -> Bool {
        switch self {
        case .inMemory(let seen):
            return seen.firstUse(of: signature, signedAt: timestamp, now: now)
        case .shared(let table):
            do {
                return try await table.firstUse(of: signature, signedAt: timestamp, now: now)
            } catch {
                table.logger.error("checking a request's signature against replays failed: \(error)")
                throw WebhookRejection(
                    .serviceUnavailable, "the server cannot check this request against replays now; try again")
            }
        }
    }
}
