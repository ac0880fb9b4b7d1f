import Foundation
import HomeroomCore
import Logging
import PostgresKit
import Synchronization

/// Tells the other instances sharing a PostgreSQL database which caches this one changed, and
/// empties here the caches they name: LISTEN/NOTIFY on one channel, ``channelName``.
///
/// A dedicated connection LISTENs; announcements go out through the pool with `pg_notify`, as soon
/// as a cache announces one (after the write behind it returned, so the change is committed). The
/// payload is the cache's name, a space and the instance id; an instance ignores its own. When the
/// listening connection drops it is made again, waiting 0.1 s and doubling up to 5 s, and once it
/// listens again every cache is emptied: announcements sent meanwhile were missed.
///
/// A cache read before another instance's change but stored after its announcement is dropped by
/// the cache's generation (``ExpiringCache/store(_:for:at:expiringBy:readSince:)``).
package final class CacheNotifications: Sendable {
    private struct Status {
        var listenerProcessID: Int32?
        var connectionsMade = 0
    }

    /// The PostgreSQL notification channel every instance listens on.
    package static let channelName = "homeroom_caches"
    /// The `application_name` of the listening connection, as `pg_stat_activity` shows it.
    package static let applicationName = "homeroom cache notifications"

    /// The caches announced and emptied.
    package let caches: CacheChannel
    /// This instance, as its announcements name it.
    package let instanceID: String
    private let configuration: PostgresConnection.Configuration
    private let database: any Database
    private let logger: Logger
    private let status = Mutex(Status())

    /// The service for `caches` on the database at `url` (already opened as `database`, whose pool
    /// sends the announcements).
    package init(url: String, database: any Database, caches: CacheChannel, instanceID: String, logger: Logger) throws {
        var configuration: PostgresConnection.Configuration
        do {
            configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        } catch {
            throw PostgresStore.BadURL(description: "cannot read the PostgreSQL URL: \(error)")
        }
        configuration.options.additionalStartupParameters = [("application_name", Self.applicationName)]
        self.configuration = configuration
        self.database = database
        self.caches = caches
        self.instanceID = instanceID
        self.logger = logger
    }

    /// The server process of the listening connection while it listens, nil otherwise.
    package var listenerProcessID: Int32? { status.withLock { $0.listenerProcessID } }

    /// How many times the listening connection was made and started listening.
    package var connectionsMade: Int { status.withLock { $0.connectionsMade } }

    /// Listens and announces until the task is cancelled, then sends what still waits. Run it once.
    package func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in self.caches.announcements { await self.flush() }
            }
            await listen()
            group.cancelAll()
        }
        // In a task of its own: the pool refuses a query from the cancelled service task.
        await Task { await flush() }.value
    }

    /// Sends the announcements waiting now (also called when the runtime closes, so a command-line
    /// tool's changes are announced before it exits). Names that could not be sent wait for the
    /// next announcement; until one goes out, the caches' time to live bounds how stale the other
    /// instances can be.
    package func flush() async {
        let names = caches.takeAnnounced()
        guard !names.isEmpty else { return }
        let payloads = names.map { "\($0) \(instanceID)" }
        do {
            try await database.read { db in
                for payload in payloads {
                    try await db.raw("SELECT pg_notify(\(bind: Self.channelName), \(bind: payload))").run()
                }
            }
        } catch {
            caches.announceAgain(names)
            logger.warning(
                "could not tell the other instances that \(names.joined(separator: ", ")) changed: \(error)")
        }
    }

    /// Makes the listening connection again whenever it drops, until the task is cancelled.
    private func listen() async {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 0, logger: logger)
                do {
                    try await listen(on: connection) { delay = .milliseconds(100) }
                } catch {
                    if !Task.isCancelled { logger.warning("the cache notification connection dropped: \(error)") }
                }
                status.withLock { $0.listenerProcessID = nil }
                try? await connection.close()
            } catch {
                if !Task.isCancelled { logger.warning("cannot listen for cache changes (retrying): \(error)") }
            }
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    /// Listens on `connection` until it drops; `listening` runs once it listens.
    private func listen(on connection: PostgresConnection, listening: () -> Void) async throws {
        var processID: Int32?
        for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int32.self) {
            processID = pid
        }
        try await connection.listen(on: Self.channelName) { notifications in
            status.withLock { status in
                status.listenerProcessID = processID
                status.connectionsMade &+= 1
            }
            listening()
            // Whatever changed before this connection listened went unheard.
            caches.emptyAll()
            for try await notification in notifications { received(notification.payload) }
        }
    }

    /// Empties the cache another instance named; its own announcements and unknown names do nothing.
    private func received(_ payload: String) {
        guard let space = payload.firstIndex(of: " ") else {
            logger.debug("ignored a cache notification without an instance: \(payload.prefix(100))")
            return
        }
        guard payload[payload.index(after: space)...] != instanceID else { return }
        caches.received(String(payload[..<space]))
    }
}
