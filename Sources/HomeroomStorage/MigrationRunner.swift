import Foundation
import HomeroomCore
import Logging
import SQLKit

/// Runs each plugin's numbered migrations once, in order, and records them in
/// `homeroom_migrations`. Every pending step of every plugin runs in one transaction: a database
/// is either migrated as a whole or left as it was, and a fresh SQLite file is made with one
/// commit (one sync of the write-ahead log) instead of one per step.
///
/// Several instances may start at once against one PostgreSQL server: the transaction takes an
/// advisory lock and reads what is applied under it (SQLite's `BEGIN IMMEDIATE` does the same for
/// several processes on one file). A migration may create tables only under its plugin's prefix;
/// one that creates another rolls everything back and start-up stops.
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
        for plugin in plugins {
            let versions = plugin.migrations.map(\.version)
            guard versions == Array(1..<(versions.count + 1)) else {
                throw Failure(description: "plugin \(plugin.id): migrations must be numbered 1, 2, 3, … without gaps")
            }
        }
        let backend = database.backend
        let database = database
        let ran: [(pluginID: String, migration: Migration)] = try await database.write { db in
            try await Self.lock(db, backend: backend)
            try await Self.createLedger(db)
            var ran: [(pluginID: String, migration: Migration)] = []
            var tables = try await Self.tableNames(db, backend: backend)
            for plugin in plugins {
                let applied = try await Self.appliedVersions(of: plugin.id, in: db)
                if let newest = applied.max(), newest > plugin.migrations.count {
                    throw Failure(
                        description:
                            "the database has \(plugin.id) migration \(newest) but this homeroom knows only \(plugin.migrations.count): use a newer homeroom"
                    )
                }
                for migration in plugin.migrations where !applied.contains(migration.version) {
                    try await migration.apply(Migration.Context(database: db, store: database, pluginID: plugin.id))
                    let after = try await Self.tableNames(db, backend: backend)
                    if let stray = after.subtracting(tables).first(where: { !$0.hasPrefix("\(plugin.id)_") }) {
                        throw Failure(
                            description:
                                "\(plugin.id) migration \(migration.version) created the table \(stray); a plugin's tables must start with \(plugin.id)_"
                        )
                    }
                    tables = after
                    try await db.insert(into: Self.table).columns("plugin", "version", "name", "applied_at")
                        .values(
                            SQLBind(plugin.id), SQLBind(migration.version), SQLBind(migration.name),
                            SQLBind(Int64(Date().timeIntervalSince1970))
                        ).run()
                    ran.append((plugin.id, migration))
                }
            }
            return ran
        }
        for (pluginID, migration) in ran {
            logger.info("migrated \(pluginID) to \(migration.version): \(migration.name)")
        }
        return ran.count
    }

    private static func createLedger(_ db: any SQLDatabase) async throws {
        try await db.create(table: Self.table).ifNotExists()
            .column("plugin", type: .text, .notNull).column("version", type: .int, .notNull)
            .column("name", type: .text, .notNull).column("applied_at", type: .bigint, .notNull)
            .primaryKey("plugin", "version").run()
    }

    private static func appliedVersions(of pluginID: String, in db: any SQLDatabase) async throws -> Set<Int> {
        Set(
            try await db.select().column("version").from(Self.table).where("plugin", .equal, SQLBind(pluginID)).all()
                .map { try $0.decode(column: "version", as: Int.self) })
    }

    private static func lock(_ db: any SQLDatabase, backend: DatabaseBackend) async throws {
        if backend == .postgres {
            try await db.raw("SELECT pg_advisory_xact_lock(\(bind: advisoryLockKey))").run()
        }
    }

    /// The names of the tables in the database `db` reaches (its current schema on PostgreSQL).
    package static func tableNames(_ db: any SQLDatabase, backend: DatabaseBackend) async throws -> Set<String> {
        let query: SQLQueryString =
            switch backend {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table'"
            case .postgres:
                "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()"
            }
        return Set(try await db.raw(query).all().map { try $0.decode(column: "name", as: String.self) })
    }
}
