import Foundation
import HomeroomCore
import HomeroomStorage
import Logging
import SQLKit

/// A fresh, empty database for one test: an SQLite file in a new temporary folder, or a new
/// database on the PostgreSQL server named by `HOMEROOM_TEST_POSTGRES_URL`. ``destroy()`` removes it.
public struct TemporaryDatabase: Sendable {
    /// Where the database is.
    public let location: StorageLocation
    private let cleanup: @Sendable () async throws -> Void

    /// The PostgreSQL server the test command started, if any.
    public static var postgresServerURL: String? {
        ProcessInfo.processInfo.environment["HOMEROOM_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The backends to run storage tests on: SQLite always, PostgreSQL when a test server is running.
    public static var availableBackends: [DatabaseBackend] {
        postgresServerURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// Creates an empty database on `backend`.
    public static func make(_ backend: DatabaseBackend = .sqlite) async throws -> TemporaryDatabase {
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "homeroom-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return TemporaryDatabase(location: .sqlite(path: folder.appendingPathComponent("homeroom.sqlite").path)) {
                try FileManager.default.removeItem(at: folder)
            }
        case .postgres:
            guard let serverURL = postgresServerURL else {
                throw UserFacingError("HOMEROOM_TEST_POSTGRES_URL is not set: run the tests with Scripts/test")
            }
            let name =
                "homeroom_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
            try await administer(serverURL, "CREATE DATABASE \(name)")
            let url = replacingDatabase(in: serverURL, with: name)
            return TemporaryDatabase(location: .postgres(url: url)) {
                try await administer(serverURL, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            }
        }
    }

    /// Creates an empty database on `backend`, runs `body` with it open, then closes and deletes
    /// it, also when `body` throws.
    public static func with(
        _ backend: DatabaseBackend, logger: Logger = Logger(label: "homeroom.test"),
        _ body: (any Database) async throws -> Void
    ) async throws {
        let temporary = try await make(backend)
        let database = try await temporary.open(logger: logger)
        do {
            try await body(database)
        } catch {
            await database.close()
            try await temporary.destroy()
            throw error
        }
        await database.close()
        try await temporary.destroy()
    }

    /// Opens the database.
    public func open(logger: Logger = Logger(label: "homeroom.test")) async throws -> any Database {
        try await location.open(logger: logger)
    }

    /// Deletes the database and everything in it.
    public func destroy() async throws {
        try await cleanup()
    }

    private static func administer(_ serverURL: String, _ statement: String) async throws {
        let database = try await StorageLocation.postgres(url: serverURL).open(logger: Logger(label: "homeroom.test"))
        do {
            try await database.read { try await $0.raw(SQLQueryString(statement)).run() }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    private static func replacingDatabase(in url: String, with name: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/\(name)"
        return components.string!
    }
}
