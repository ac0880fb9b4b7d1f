import Foundation
import HomeroomCore
import SQLKit

/// What `homeroom status` shows of several instances on one PostgreSQL database: the instances
/// that recorded themselves in `core_instances`, the leases held now, and the duties whose lease
/// has run out or was released. Ages and remaining times are on the database server's clock.
package struct RosterReport: Sendable, Encodable {
    /// One instance, as it last recorded itself.
    package struct Instance: Sendable, Encodable {
        /// Its name in the roster (`host:pid:xxxx`).
        package let id: String
        /// The machine it runs on.
        package let host: String
        /// Its process id on that machine.
        package let pid: Int64
        /// The Homeroom version it runs.
        package let version: String
        /// When it started.
        package let startedAt: Date
        /// How long ago it last renewed its leases, in seconds.
        package let lastSeenSecondsAgo: Double
    }

    /// One lease held now.
    package struct Lease: Sendable, Encodable {
        /// The duty (`irc:libera`).
        package let duty: String
        /// The instance holding it.
        package let holder: String
        /// Its fencing token.
        package let token: Int64
        /// How long it lasts unless renewed, in seconds.
        package let expiresInSeconds: Double
    }

    /// The instances, by id.
    package let instances: [Instance]
    /// The leases held now, by duty.
    package let duties: [Lease]
    /// The duties once held whose lease has run out or was released, by name.
    package let unheld: [String]

    /// The leases `instance` holds.
    package func duties(of instance: String) -> [Lease] {
        duties.filter { $0.holder == instance }
    }

    /// Holders of a current lease that are not in ``instances`` (their row was removed).
    package var unlistedHolders: [String] {
        let listed = Set(instances.map(\.id))
        return Array(Set(duties.map(\.holder)).subtracting(listed)).sorted()
    }

    /// Reads the report from `database` (PostgreSQL only: SQLite is one instance, which holds every duty).
    package static func read(from database: any Database) async throws -> RosterReport {
        try await database.read { db in
            let now = LeaseTable.now
            let instances = try await db.raw(
                """
                SELECT id, host, pid, version, started_at, \(now) - last_seen_at AS seen_ago
                FROM core_instances ORDER BY id
                """
            ).all().map { row in
                Instance(
                    id: try row.decode(column: "id", as: String.self),
                    host: try row.decode(column: "host", as: String.self),
                    pid: try row.decode(column: "pid", as: Int64.self),
                    version: try row.decode(column: "version", as: String.self),
                    startedAt: Date(
                        timeIntervalSince1970: Double(try row.decode(column: "started_at", as: Int64.self)) / 1000),
                    lastSeenSecondsAgo: Double(try row.decode(column: "seen_ago", as: Int64.self)) / 1000)
            }
            var held: [Lease] = []
            var unheld: [String] = []
            for row in try await db.raw(
                "SELECT duty, holder, token, expires_at - \(now) AS expires_in FROM core_leases ORDER BY duty"
            ).all() {
                let duty = try row.decode(column: "duty", as: String.self)
                let expiresIn = try row.decode(column: "expires_in", as: Int64.self)
                if expiresIn > 0 {
                    held.append(
                        Lease(
                            duty: duty, holder: try row.decode(column: "holder", as: String.self),
                            token: try row.decode(column: "token", as: Int64.self),
                            expiresInSeconds: Double(expiresIn) / 1000))
                } else {
                    unheld.append(duty)
                }
            }
            return RosterReport(instances: instances, duties: held, unheld: unheld)
        }
    }
}
