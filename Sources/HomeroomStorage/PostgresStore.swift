import Foundation
import HomeroomCore
import Logging
import PostgresKit
import SQLKit

/// The backend for several instances: a PostgreSQL server, through PostgresNIO's connection pool.
///
/// Queries are never logged, at any level: their bound values carry PIN hashes, private circle
/// posts and secret calendar addresses.
package final class PostgresStore: Database {
    /// The URL could not be read as a PostgreSQL URL.
    package struct BadURL: Error, CustomStringConvertible {
        package let description: String
    }

    package let backend = DatabaseBackend.postgres
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger

    private init(client: PostgresClient, runTask: Task<Void, Never>, logger: Logger) {
        self.client = client
        self.runTask = runTask
        self.logger = logger
    }

    /// Connects to the server named by `url` (`postgres://user:password@host:port/database`;
    /// `?sslmode=disable|prefer|require`) and checks the connection with one query, which must
    /// answer within `connectDeadline`. The pool opens at most `maximumConnections` connections
    /// (at least 1).
    package static func open(
        url: String, logger: Logger, connectDeadline: Duration = defaultConnectDeadline, maximumConnections: Int = 10
    ) async throws -> PostgresStore {
        let sqlConfiguration: SQLPostgresConfiguration
        do {
            sqlConfiguration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw BadURL(description: "cannot read the PostgreSQL URL: \(error)")
        }
        let core = sqlConfiguration.coreConfiguration
        var configuration: PostgresClient.Configuration
        let tls: PostgresClient.Configuration.TLS =
            switch (core.tls.isEnforced, core.tls.isAllowed) {
            case (true, _): .require(core.tls.sslContext!.configuration)
            case (_, true): .prefer(core.tls.sslContext!.configuration)
            default: .disable
            }
        if let host = core.host, let port = core.port {
            configuration = .init(
                host: host, port: port, username: core.username, password: core.password, database: core.database,
                tls: tls)
        } else if let socket = core.unixSocketPath {
            configuration = .init(
                unixSocketPath: socket, username: core.username, password: core.password, database: core.database)
        } else {
            throw BadURL(description: "the PostgreSQL URL names neither a host nor a socket")
        }
        configuration.options.minimumConnections = 0
        // No keep-alive queries: the pool's run() has been seen never to return when it was
        // cancelled while one was due (a test run waited on a closing store until CI gave up).
        // With no minimum, an idle connection closes after its idle timeout (60 s) anyway.
        configuration.options.keepAliveBehavior = nil
        configuration.options.maximumConnections = max(1, maximumConnections)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let store = PostgresStore(client: client, runTask: runTask, logger: logger)
        let place = core.host.map { "\($0):\(core.port ?? 5432)" } ?? core.unixSocketPath ?? "the server"
        do {
            try await firstAnswer(from: store, within: connectDeadline, place: place)
        } catch let error as NoAnswer {
            // Waiting for the pool to stop would wait for the connection attempt in flight, up to
            // its own 10 s timeout: stop it without waiting, so start-up ends at the deadline.
            runTask.cancel()
            throw error
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    /// How long the first query may take before start-up gives up.
    package static let defaultConnectDeadline: Duration = .seconds(20)

    /// The server did not answer the first query in time.
    package struct NoAnswer: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `SELECT 1` and waits at most `deadline` for it: the connection pool retries a
    /// connection it cannot open (a server that is down, a TLS certificate that does not verify)
    /// without ever failing the query, which would leave start-up waiting without a word.
    private static func firstAnswer(from store: PostgresStore, within deadline: Duration, place: String) async throws {
        let outcome = await result(within: deadline) { () async -> Result<Void, any Error> in
            do {
                _ = try await store.read { try await $0.raw("SELECT 1 AS ok").first() }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        guard let outcome else {
            throw NoAnswer(
                description: "PostgreSQL at \(place) did not answer within \(deadline.components.seconds) s: "
                    + "is it running and reachable, and, with TLS (sslmode), does its certificate verify?")
        }
        try outcome.get()
    }

    /// What `work` returns, or nil when `deadline` passes first; `work` is cancelled then and left
    /// to end on its own. It runs as an unstructured task, so that the deadline ends the wait even
    /// when the pool holds on (a connection attempt, up to its own 10 s timeout; a shutdown).
    private static func result<T: Sendable>(
        within deadline: Duration, of work: @escaping @Sendable () async -> T
    ) async -> T? {
        let (outcomes, continuation) = AsyncStream.makeStream(of: T?.self)
        let worker = Task { continuation.yield(await work()) }
        let timer = Task {
            try? await Task.sleep(for: deadline)
            continuation.yield(nil)
        }
        defer {
            worker.cancel()
            timer.cancel()
        }
        var iterator = outcomes.makeAsyncIterator()
        return await iterator.next() ?? nil
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(connection.sql(queryLogLevel: nil))
        }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { [logger] connection in
            try await connection.sql(queryLogLevel: nil).transaction(logger: logger, body)
        }
    }

    package func fullTextIndex(table: String, fields: [String]) -> any FullTextIndex {
        PostgresFullTextIndex(table: table, fields: fields)
    }

    /// Every instance on the database shares the signatures it accepted.
    package var seenSignatures: any SeenSignatures { SeenSignaturesTable(database: self, logger: logger) }

    /// How long ``close()`` waits for the pool to close its connections.
    package static let closeDeadline: Duration = .seconds(10)

    /// Stops the pool and waits, at most ``closeDeadline``, for its connections to close: a stop
    /// never hangs on the pool; connections still open then end with the process.
    package func close() async {
        runTask.cancel()
        let runTask = runTask
        guard await Self.result(within: Self.closeDeadline, of: { await runTask.value }) == nil else { return }
        let seconds = Self.closeDeadline.components.seconds
        logger.warning("the PostgreSQL connections did not close within \(seconds) s; they end with the process")
    }
}
