import HomeroomCore
import SQLKit

/// The SQL behind the leases (PostgreSQL only): `core_leases` holds one row per duty ever held,
/// and `core_instances` one row per running instance. Times are milliseconds since 1970 on the
/// database server's clock, so instances whose clocks disagree still agree on when a lease ends.
package enum LeaseTable {
    static let leases = "core_leases"
    static let instances = "core_instances"

    /// The database server's clock, in milliseconds since 1970.
    static let now: SQLQueryString = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint"

    /// Extends every lease `holder` holds by `lifetime` milliseconds; returns them with their tokens.
    static func renew(holder: String, lifetime: Int64, on db: any SQLDatabase) async throws -> [Duty: Int64] {
        try await db.raw(
            """
            UPDATE core_leases SET expires_at = \(now) + \(bind: lifetime)
            WHERE holder = \(bind: holder) AND expires_at > \(now) RETURNING duty, token
            """
        ).all().reduce(into: [:]) { held, row in
            held[Duty(try row.decode(column: "duty", as: String.self))] = try row.decode(
                column: "token", as: Int64.self)
        }
    }

    /// Takes `duty` for `holder` when nobody holds it or its lease has run out; returns the new
    /// fencing token (one more than the last holder's), or nil when another instance holds it.
    static func acquire(_ duty: Duty, holder: String, lifetime: Int64, on db: any SQLDatabase) async throws -> Int64? {
        try await db.raw(
            """
            INSERT INTO core_leases (duty, holder, token, acquired_at, expires_at)
            VALUES (\(bind: duty.name), \(bind: holder), 1, \(now), \(now) + \(bind: lifetime))
            ON CONFLICT (duty) DO UPDATE SET holder = EXCLUDED.holder, token = core_leases.token + 1,
                acquired_at = EXCLUDED.acquired_at, expires_at = EXCLUDED.expires_at
            WHERE core_leases.expires_at <= EXCLUDED.acquired_at
            RETURNING token
            """
        ).first().map { try $0.decode(column: "token", as: Int64.self) }
    }

    /// Ends `holder`'s lease on `duty` with `token` at once, keeping the row so the next token is
    /// still larger. A newer lease on the duty (a larger token), even `holder`'s own, is left alone.
    static func release(_ duty: Duty, holder: String, token: Int64, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE core_leases SET expires_at = 0
            WHERE duty = \(bind: duty.name) AND holder = \(bind: holder) AND token = \(bind: token)
            """
        ).run()
    }

    /// True when `token` is still the current, unexpired lease on `duty`; the row is locked
    /// against a takeover until the caller's transaction ends.
    static func isCurrent(_ duty: Duty, token: Int64, on db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            SELECT token FROM core_leases
            WHERE duty = \(bind: duty.name) AND token = \(bind: token) AND expires_at > \(now) FOR SHARE
            """
        ).first() != nil
    }

    /// Records that `instance` is alive now (creating its row on the first call), forgets
    /// instances not seen for a day, and returns how many instances were seen within the last
    /// `window` milliseconds (this one included).
    static func heartbeat(_ instance: InstanceRecord, window: Int64, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            """
            INSERT INTO core_instances (id, host, pid, version, started_at, last_seen_at)
            VALUES (\(bind: instance.id), \(bind: instance.host), \(bind: instance.pid), \(bind: instance.version),
                \(now), \(now))
            ON CONFLICT (id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
            """
        ).run()
        try await db.raw("DELETE FROM core_instances WHERE last_seen_at < \(now) - 86400000").run()
        let live = try await db.raw(
            "SELECT count(*) AS live FROM core_instances WHERE last_seen_at > \(now) - \(bind: window)"
        ).first().map { try $0.decode(column: "live", as: Int64.self) }
        return Int(clamping: live ?? 1)
    }

    /// Removes `instance`'s row (a clean stop).
    static func forget(instance id: String, on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM core_instances WHERE id = \(bind: id)").run()
    }
}

/// What an instance says of itself in `core_instances`.
struct InstanceRecord: Sendable {
    let id: String
    let host: String
    let pid: Int64
    let version: String
}
