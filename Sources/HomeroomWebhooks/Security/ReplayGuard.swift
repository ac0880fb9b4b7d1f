import Foundation
import HomeroomCore
import Logging

/// Remembers the signatures of accepted requests for a while, so that a captured request sent
/// again is refused even though its signature (and timestamp) are valid. A signature is kept by
/// its decoded bytes: the same HMAC in upper-case hex, or base64 with other padding, is the same
/// signature.
///
/// The database keeps them (``Database/seenSignatures``): one SQLite file is one instance, which
/// keeps them in memory; instances sharing a PostgreSQL database keep them in that database, so a
/// request accepted by one is refused by every other.
package struct ReplayGuard: Sendable {
    /// Where the signatures are kept.
    let seen: any SeenSignatures
    /// Seconds a signature is remembered after the instant it was signed.
    let window: TimeInterval
    let logger: Logger

    /// The guard for instances on `database`, remembering each signature for `window` seconds
    /// after the instant it was signed.
    package static func make(window: TimeInterval, database: any Database, logger: Logger) -> ReplayGuard {
        ReplayGuard(seen: database.seenSignatures, window: window, logger: logger)
    }

    /// Records `signature` (signed at `timestamp`, or received, for a platform that signs no
    /// timestamp); false when it was already seen. When the record cannot be checked (the
    /// database does not answer), the request is refused with 503: a possible replay is never
    /// accepted.
    package func firstUse(of signature: [UInt8], signedAt timestamp: Date, now: Date) async throws(WebhookRejection) -> Bool {
        do {
            return try await seen.remember(signature, until: timestamp.addingTimeInterval(window), now: now)
        } catch {
            logger.error("checking a request's signature against replays failed: \(error)")
            throw WebhookRejection(
                .serviceUnavailable, "the server cannot check this request against replays now; try again")
        }
    }
}
