import Foundation
import HomeroomCore
import Logging
import SQLKit
import SQLiteKit

/// The embedded backend: one SQLite file in WAL mode.
///
/// Queries are never logged, at any level: their bound values carry PIN hashes, private circle
/// posts and secret calendar addresses.
///
/// Two connections: a writer, whose transactions run one at a time (`BEGIN IMMEDIATE`, so a second
/// process waits on the busy timeout instead of failing mid-transaction), and a reader, which
/// WAL lets read alongside the writer. `synchronous=FULL` makes a committed write survive a
/// crash of the process or the machine.
package final class SQLiteStore: Database {
    package let backend = DatabaseBackend.sqlite
    /// The database file.
    package let path: String
    private let writer: SQLiteConnection
    private let reader: SQLiteConnection
    private let writeLock = AsyncLock()
    private let gate = QueryGate()
    private let logger: Logger
    /// One file is one instance: the signatures it accepted are kept in memory.
    package let seenSignatures: any SeenSignatures = SeenSignaturesInMemory()

    private init(path: String, writer: SQLiteConnection, reader: SQLiteConnection, logger: Logger) {
        self.path = path
        self.writer = writer
        self.reader = reader
        self.logger = logger
    }

    /// Opens (creating when missing, with its folder) the database at `path`. A new folder is
    /// readable by its owner only (0700) and a new database file likewise (0600): it holds PIN
    /// hashes and private posts. SQLite gives its `-wal` and `-shm` files the database's mode.
    package static func open(path: String, logger: Logger) async throws -> SQLiteStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        if !FileManager.default.fileExists(atPath: path) {
            try OwnerOnlyFile.create(at: path)
        } else if let mode = OwnerOnlyFile.mode(of: path), mode & 0o077 != 0 {
            logger.warning(
                "\(path) can be read by other users (mode \(String(mode, radix: 8))); chmod 600 it, and 700 its folder")
        }
        let writer = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        let reader: SQLiteConnection
        do {
            try await configure(writer, pragmas: ["journal_mode = WAL"])
            reader = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            try await configure(reader, pragmas: [])
        } catch {
            try? await writer.close()
            throw error
        }
        return SQLiteStore(path: path, writer: writer, reader: reader, logger: logger)
    }

    private static func configure(_ connection: SQLiteConnection, pragmas: [String]) async throws {
        for pragma in pragmas + ["busy_timeout = 10000", "synchronous = FULL", "foreign_keys = ON"] {
            _ = try await connection.query("PRAGMA \(pragma)", [])
        }
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await gate.run { try await body(reader.sql(queryLogLevel: nil)) }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await gate.run {
            try await writeLock.withLock {
                try await writer.sql(queryLogLevel: nil).transaction(begin: "BEGIN IMMEDIATE", logger: logger, body)
            }
        }
    }

    package func fullTextIndex(table: String, fields: [String]) -> any FullTextIndex {
        SQLiteFullTextIndex(table: table, fields: fields)
    }

    /// Writes a consistent copy of the database to `destination` while others keep using it
    /// (`VACUUM INTO`), readable by its owner only (0600); the destination must not exist yet.
    package func backup(to destination: String) async throws {
        try OwnerOnlyFile.create(at: destination)
        do {
            try await gate.run { try await reader.sql().raw("VACUUM INTO \(bind: destination)").run() }
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }

    /// Waits for the queries under way, refusing new ones, then closes both connections.
    package func close() async {
        await gate.close()
        do {
            try await reader.close()
            try await writer.close()
        } catch {
            logger.warning("closing the SQLite database: \(error)")
        }
    }
}
