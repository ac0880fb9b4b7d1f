import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomStorage
import HomeroomTesting
import SQLKit
import Testing

/// The core tables as the released migrations made them. `Tests/Fixtures/core-schema` holds what
/// `homeroom` at core schema 10 left in a new database (the `-core-10.sql` files), and the schema
/// the released steps make now, read from an SQLite file and a PostgreSQL database: the migration
/// ledger, every table, column and index. However the core's migration steps are arranged in the
/// code, a new database must come out the same, and a database made at 10 must be brought to it by
/// the steps released since.
@Suite struct CoreSchemaHistoryTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/core-schema")

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aNewDatabaseGetsTheCoreSchemaTheReleasedMigrationsMade(backend: DatabaseBackend) async throws {
        try await TemporaryDatabase.with(backend, logger: StorageTests.logger) { database in
            let ran = try await MigrationRunner(database: database, logger: StorageTests.logger)
                .run([(CorePlugin.id, CorePlugin.schemaMigrations)])
            #expect(ran == 18)
            let expected = try String(
                contentsOf: Self.fixtures.appendingPathComponent("\(backend.rawValue).txt"), encoding: .utf8)
            #expect(
                try await Self.describe(database, backend: backend) == expected.split(separator: "\n").map(String.init))
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aDatabaseMadeAtCoreSchema10IsBroughtUpToDateAndKeepsWorking(backend: DatabaseBackend) async throws {
        try await TemporaryDatabase.with(backend, logger: StorageTests.logger) { database in
            // The database's core tables and ledger: on SQLite the statements that release ran, on
            // PostgreSQL what pg_dump --schema-only wrote of them.
            let made = try String(
                contentsOf: Self.fixtures.appendingPathComponent("\(backend.rawValue)-core-10.sql"), encoding: .utf8)
            try await database.write { db in
                for statement in made.split(separator: ";\n") {
                    try await db.raw(SQLQueryString(String(statement))).run()
                }
            }
            let ran = try await MigrationRunner(database: database, logger: StorageTests.logger)
                .run([(CorePlugin.id, CorePlugin.schemaMigrations)])
            // Step 11: each person's language; 12: translations of what admins wrote; 13: web console
            // sign-ins; 14: schools of channels and people, roles per school, the audit's school; 15:
            // the roster and notification choices; 16: the days whose content changed and the change
            // alerts sent for them; 17: announcements and their subscribers; 18: the platforms' ids of
            // sent notifications and their delivery.
            #expect(ran == 8)
            let expected = try String(
                contentsOf: Self.fixtures.appendingPathComponent("\(backend.rawValue).txt"), encoding: .utf8)
            #expect(
                try await Self.describe(database, backend: backend) == expected.split(separator: "\n").map(String.init))

            let entry = AuditEntry(
                at: Date(timeIntervalSince1970: 1_790_000_000), actor: AuditEntry.commandLine, action: "role.grant",
                detail: "admin to irc:libera:ms_lee", channel: nil)
            try await AuditLog.record(entry, in: database)
            #expect(try await AuditLog.recent(5, in: database).map(\.detail) == [entry.detail])
        }
    }

    /// The core's ledger rows, then its tables, columns and indexes, one line each, in the words of
    /// the fixture files.
    static func describe(_ database: any Database, backend: DatabaseBackend) async throws -> [String] {
        try await database.read { db in
            let ledger = try await db.raw(
                "SELECT version, name FROM homeroom_migrations WHERE plugin = 'core' ORDER BY version"
            ).all().map {
                "core migration \(try $0.decode(column: "version", as: Int.self)): \(try $0.decode(column: "name", as: String.self))"
            }
            switch backend {
            case .sqlite:
                let objects = try await db.raw(
                    """
                    SELECT type, name, tbl_name, sql FROM sqlite_master
                    WHERE tbl_name LIKE 'core\\_%' ESCAPE '\\' ORDER BY name
                    """
                ).all().map { row in
                    let sql = try row.decode(column: "sql", as: String?.self) ?? "(automatic)"
                    return
                        "\(try row.decode(column: "type", as: String.self)) \(try row.decode(column: "name", as: String.self)) on \(try row.decode(column: "tbl_name", as: String.self)): \(sql)"
                }
                return ledger + objects
            case .postgres:
                let columns = try await db.raw(
                    """
                    SELECT table_name::text AS table_name, column_name::text AS column_name,
                        data_type::text AS data_type, is_nullable::text AS is_nullable,
                        column_default::text AS column_default, is_identity::text AS is_identity
                    FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name LIKE 'core\\_%'
                    ORDER BY table_name, ordinal_position
                    """
                ).all().map { row in
                    let name =
                        "\(try row.decode(column: "table_name", as: String.self)).\(try row.decode(column: "column_name", as: String.self))"
                    let type = try row.decode(column: "data_type", as: String.self)
                    let nullable = try row.decode(column: "is_nullable", as: String.self)
                    let defaultValue = try row.decode(column: "column_default", as: String?.self) ?? "none"
                    let identity = try row.decode(column: "is_identity", as: String.self)
                    return
                        "column \(name): \(type), nullable \(nullable), default \(defaultValue), identity \(identity)"
                }
                let indexes = try await db.raw(
                    """
                    SELECT indexname::text AS indexname, indexdef FROM pg_indexes
                    WHERE schemaname = current_schema() AND tablename LIKE 'core\\_%' ORDER BY indexname
                    """
                ).all().map {
                    "index \(try $0.decode(column: "indexname", as: String.self)): \(try $0.decode(column: "indexdef", as: String.self))"
                }
                return ledger + columns + indexes
            }
        }
    }
}
