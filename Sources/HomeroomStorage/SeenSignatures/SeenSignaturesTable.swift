import Foundation
import HomeroomCore
import Logging
import SQLKit
import Synchronization

/// The signatures every instance on one PostgreSQL database accepted, in `core_seen_signatures`
/// (made by the core's migration 6): `signature` is the signature's bytes in lowercase hex, `expires_at`
/// the end of its window in milliseconds since 1970 on the accepting instance's clock (instances'
/// clocks agree to far better than the window, twice the timestamp tolerance).
///
/// Each check is one statement, so two instances receiving the same request at once cannot both
/// accept it. Every ``purgeEvery``-th accepted signature also deletes up to ``purgeLimit`` expired
/// rows, which keeps up with any rate of requests (each adds one row).
package final class SeenSignaturesTable: SeenSignatures {
    private let database: any Database
    private let purgeEvery: Int
    private let logger: Logger
    private let accepted = Atomic<Int>(0)

    /// Expired rows deleted by one purge at most.
    static let purgeLimit = 1000

    /// Keeps the signatures in `database`; every `purgeEvery`-th accepted signature purges expired ones.
    package init(database: any Database, logger: Logger, purgeEvery: Int = 100) {
        self.database = database
        self.logger = logger
        self.purgeEvery = min(max(1, purgeEvery), Self.purgeLimit)
    }

    package func remember(_ signature: [UInt8], until expiry: Date, now: Date) async throws -> Bool {
        let key = HexBytes.encode(signature)
        let expiry = Self.milliseconds(expiry)
        let current = Self.milliseconds(now)
        let inserted = try await database.read { db in
            try await db.raw(
                """
                INSERT INTO core_seen_signatures (signature, expires_at) VALUES (\(bind: key), \(bind: expiry))
                ON CONFLICT (signature) DO UPDATE SET expires_at = EXCLUDED.expires_at
                WHERE core_seen_signatures.expires_at <= \(bind: current)
                RETURNING signature
                """
            ).first()
        }
        guard inserted != nil else { return false }
        let count = accepted.add(1, ordering: .relaxed).newValue
        if count.isMultiple(of: purgeEvery) { await purge(now: current) }
        return true
    }

    /// Deletes up to ``purgeLimit`` rows whose window ended before `now` (milliseconds); a failure
    /// is logged, and the next purge tries again.
    private func purge(now: Int64) async {
        do {
            try await database.read { db in
                try await db.raw(
                    """
                    DELETE FROM core_seen_signatures WHERE signature IN (
                        SELECT signature FROM core_seen_signatures WHERE expires_at <= \(bind: now)
                        LIMIT \(literal: Self.purgeLimit))
                    """
                ).run()
            }
        } catch {
            logger.warning("purging expired request signatures failed: \(error)")
        }
    }

    /// `date` in milliseconds since 1970, clamped to what a `bigint` holds.
    private static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(min(max(milliseconds, -9e18), 9e18))
    }
}
