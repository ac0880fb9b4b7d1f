import SQLKit

/// The storage every plugin and the runtime use, on either backend.
///
/// Queries are written once with SQLKit's builders and bound values; the same code runs on the
/// embedded SQLite file and on PostgreSQL. Reads may run concurrently; each `write` is one
/// transaction that is committed before it returns, or rolled back when its body throws.
public protocol Database: Sendable {
    /// Which engine answers the queries, for the few places where the SQL differs.
    var backend: DatabaseBackend { get }

    /// Runs `body` with a database for reads (and single-statement writes that need no transaction).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T

    /// Runs `body` inside one transaction: all of its writes are committed together, or none is.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T

    /// The full-text index stored in `table`, over documents with the given fields.
    func fullTextIndex(table: String, fields: [String]) -> any FullTextIndex

    /// The signatures of accepted requests, for replay guards: this process's alone on SQLite (one
    /// file is one instance), every instance's on PostgreSQL.
    var seenSignatures: any SeenSignatures { get }

    /// Closes the connections. No call may follow.
    func close() async
}

/// The database engines Homeroom runs on.
public enum DatabaseBackend: String, Sendable {
    /// One SQLite file in WAL mode: the embedded default for one school.
    case sqlite
    /// A PostgreSQL server: the backend for several instances.
    case postgres
}
