import Foundation
import HomeroomCore
import Logging
import SQLKit

/// Runs each plugin's numbered migrations once, in order, each in its own transaction, and
/// records them in `homeroom_migrations`.
///
/// Several instances may start at once against one PostgreSQL server: each migration takes an
/// advisory lock and checks again that it is still pending (SQLite's `BEGIN IMMEDIATE` does the
/// same for several processes on one file). A migration may create tables only under its
/// plugin's prefix; one that creates another is rolled back and start-up stops.
package struct MigrationRunner: Sendable {
    /// Why migrations could not run.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    static let table = "homeroom_migrations"
    /// The advisory-lock key for migrations on PostgreSQL ("HOMEROOM" in ASCII, shortened).
    private static let advisoryLockKey: Int64 = 0x484F_4D45_524F

    let database: any Database
    let logger: Logger

    /// Creates a runner.
    package init(database: any Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// Runs the pending migrations of every plugin; returns how many ran.
    @discardableResult
    package func run(_ plugins: [(id: String, migrations: [Migration])]) async throws -> Int {
        try await createLedger()
        var count = 0
        for plugin in plugins {
            count += try await run(pluginID: plugin.id, migrations: plugin.migrations)
        }
        return count
    }

    private func run(pluginID: String, migrations: [Migration]) async throws -> Int {
        let versions = migrations.map(\.version)
        guard versions == Array(1..<(versions.count + 1)) else {
            throw Failure(description: "plugin \(pluginID): migrations must be numbered 1, 2, 3, … without gaps")
        }
        let applied = try await appliedVersions(of: pluginID)
        if let newest = applied.max(), newest > migrations.count {
            throw Failure(
                description:
                    "the database has \(pluginID) migration \(newest) but this homeroom knows only \(migrations.count): use a newer homeroom"
            )
        }
        var ran = 0
        for migration in migrations where !applied.contains(migration.version) {
            if try await apply(migration, of: pluginID) { ran += 1 }
        }
        return ran
    }

    private func createLedger() async throws {
        try await database.write { [backend = database.backend] db in
            try await Self.lock(db, backend: backend)
            try await db.create(table: Self.table).ifNotExists()
                .column("plugin", type: .text, .notNull).column("version", type: .int, .notNull)
                .column("name", type: .text, .notNull).column("applied_at", type: .bigint, .notNull)
                .primaryKey("plugin", "version").run()
        }
    }

    private func appliedVersions(of pluginID: String) async throws -> Set<Int> {
        try await database.read { db in
            Set(
                try await db.select().column("version").from(Self.table).where("plugin", .equal, SQLBind(pluginID))
                    .all()
                    .map { try $0.decode(column: "version", as: Int.self) })
        }
    }

    /// Applies one migration unless another process did meanwhile; returns true when it ran here.
    private func apply(_ migration: Migration, of pluginID: String) async throws -> Bool {
        let backend = database.backend
        let database = database
        let ran: Bool = try await database.write { db in
            try await Self.lock(db, backend: backend)
            let done = try await db.select().column("version").from(Self.table)
                .where("plugin", .equal, SQLBind(pluginID)).where("version", .equal, SQLBind(migration.version)).first()
            guard done == nil else { return false }
            let before = try await Self.tableNames(db, backend: backend)
            try await migration.apply(Migration.Context(database: db, store: database, pluginID: pluginID))
            let created = try await Self.tableNames(db, backend: backend).subtracting(before)
            if let stray = created.first(where: { !$0.hasPrefix("\(pluginID)_") }) {
                throw Failure(
                    description:
                        "\(pluginID) migration \(migration.version) created the table \(stray); a plugin's tables must start with \(pluginID)_"
                )
            }
            try await db.insert(into: Self.table).columns("plugin", "version", "name", "applied_at")
                .values(
                    SQLBind(pluginID), SQLBind(migration.version), SQLBind(migration.name),
                    SQLBind(Int64(Date().timeIntervalSince1970))
                ).run()
            return true
        }
        if ran { logger.info("migrated \(pluginID) to \(migration.version): \(migration.name)") }
        return ran
    }

    private static func lock(_ db: any SQLDatabase, backend: DatabaseBackend) async throws {
        if backend == .postgres {
            try await db.raw("SELECT pg_advisory_xact_lock(\(bind: advisoryLockKey))").run()
        }
    }

    private static func tableNames(_ db: any SQLDatabase, backend: DatabaseBackend) async throws -> Set<String> {
        let query: SQLQueryString =
            switch backend {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table'"
            case .postgres:
                "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()"
            }
        return Set(try await db.raw(query).all().map { try $0.decode(column: "name", as: String.self) })
    }
}
