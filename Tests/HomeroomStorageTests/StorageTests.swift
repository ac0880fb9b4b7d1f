import Foundation
import HomeroomCore
import HomeroomStorage
import HomeroomTesting
import Logging
import SQLKit
import Testing

/// The storage layer on every backend the test command provides: an SQLite file always, and a
/// real PostgreSQL server when `HOMEROOM_TEST_POSTGRES_URL` is set (Scripts/test sets it).
@Suite struct StorageTests {
    static let logger: Logger = {
        var logger = Logger(label: "homeroom.test")
        logger.logLevel = .critical
        return logger
    }()

    func withDatabase(_ backend: DatabaseBackend, _ body: (any Database) async throws -> Void) async throws {
        try await TemporaryDatabase.with(backend, logger: Self.logger, body)
    }

    static let notes = Migration(1, "notes") { context in
        try await context.database.create(table: context.table("notes"))
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("text", type: .text, .notNull).column("done", type: .int, .notNull).run()
    }

    static func tableNames(in database: any Database, backend: DatabaseBackend) async throws -> Set<String> {
        try await database.read { db in try await MigrationRunner.tableNames(db, backend: backend) }
    }

    @Test func postgresIsPresentWhenTheTestCommandRuns() {
        // CI runs Scripts/test, which starts PostgreSQL; without it half of the storage tests would not run.
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(TemporaryDatabase.postgresServerURL != nil, "run the tests with Scripts/test")
        }
        #expect(TemporaryDatabase.availableBackends.contains(.sqlite))
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aWriteCancelledInsideItsTransactionIsRolledBackAndTheNextWriteWorks(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            let runner = MigrationRunner(database: database, logger: Self.logger)
            #expect(try await runner.run([("demo", [Self.notes])]) == 1)
            let (inside, entered) = AsyncStream.makeStream(of: Void.self)
            // A stream nothing is sent on: waiting on it ends only when the waiting task is cancelled.
            let (untilCancelled, keptOpen) = AsyncStream.makeStream(of: Void.self)
            defer { keptOpen.finish() }
            let cancelled = Task {
                try await database.write { db in
                    try await db.insert(into: "demo_notes").columns("text", "done").values(SQLBind("lost"), SQLBind(0))
                        .run()
                    entered.yield()
                    // Waits here until the task is cancelled, inside the open transaction.
                    for await _ in untilCancelled {}
                    try Task.checkCancellation()
                }
            }
            for await _ in inside { break }
            cancelled.cancel()
            await #expect(throws: CancellationError.self) { try await cancelled.value }

            try await database.write { db in
                try await db.insert(into: "demo_notes").columns("text", "done").values(SQLBind("kept"), SQLBind(0))
                    .run()
            }
            let texts = try await database.read { db in
                try await db.select().column("text").from("demo_notes").all().map {
                    try $0.decode(column: "text", as: String.self)
                }
            }
            #expect(texts == ["kept"])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func migrationsRunOnceInOrderAndAreRecorded(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            let runner = MigrationRunner(database: database, logger: Self.logger)
            let second = Migration(2, "tags") { context in
                try await context.database.alter(table: context.table("notes")).column("tag", type: .text).run()
            }
            #expect(try await runner.run([("demo", [Self.notes])]) == 1)
            #expect(try await runner.run([("demo", [Self.notes, second])]) == 1)
            #expect(try await runner.run([("demo", [Self.notes, second])]) == 0)
            let recorded = try await database.read { db in
                try await db.select().columns("plugin", "version", "name").from("homeroom_migrations")
                    .orderBy("version").all().map { try $0.decode(column: "name", as: String.self) }
            }
            #expect(recorded == ["notes", "tags"])
            try await database.write { db in
                try await db.insert(into: "demo_notes").columns("text", "done", "tag")
                    .values(SQLBind("x"), SQLBind(0), SQLBind("t")).run()
            }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aMigrationOutsideItsPrefixIsRolledBack(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            let stray = Migration(1, "stray") { context in
                try await context.database.create(table: "menus").column("x", type: .text).run()
            }
            let runner = MigrationRunner(database: database, logger: Self.logger)
            await #expect(throws: MigrationRunner.Failure.self) { try await runner.run([("lunch", [stray])]) }
            let tables = try await Self.tableNames(in: database, backend: backend)
            #expect(!tables.contains("menus"))
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFailingMigrationLeavesTheDatabaseAsItWasForEveryPlugin(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            let runner = MigrationRunner(database: database, logger: Self.logger)
            struct Broken: Error {}
            let broken = Migration(1, "broken") { context in
                try await context.database.create(table: context.table("half")).column("x", type: .text).run()
                throw Broken()
            }
            await #expect(throws: Broken.self) { try await runner.run([("demo", [Self.notes]), ("later", [broken])]) }
            let tables = try await Self.tableNames(in: database, backend: backend)
            // Neither the plugin before it nor its own half-made table stays, nor a ledger row.
            #expect(!tables.contains("demo_notes"))
            #expect(!tables.contains("later_half"))
            #expect(try await runner.run([("demo", [Self.notes])]) == 1)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func badlyNumberedOrUnknownMigrationsStopStartUp(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            let runner = MigrationRunner(database: database, logger: Self.logger)
            let gap = Migration(3, "gap") { _ in }
            await #expect(throws: MigrationRunner.Failure.self) { try await runner.run([("demo", [Self.notes, gap])]) }
            let second = Migration(2, "second") { _ in }
            try await runner.run([("demo", [Self.notes, second])])
            // An older build that knows only migration 1 refuses to run on this database.
            await #expect(throws: MigrationRunner.Failure.self) { try await runner.run([("demo", [Self.notes])]) }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aTransactionThatThrowsLeavesNothingBehind(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            try await MigrationRunner(database: database, logger: Self.logger).run([("demo", [Self.notes])])
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await database.write { db in
                    try await db.insert(into: "demo_notes").columns("text", "done").values(SQLBind("half"), SQLBind(0))
                        .run()
                    throw Abort()
                }
            }
            let count = try await database.read { try await $0.select().column("text").from("demo_notes").all().count }
            #expect(count == 0)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func createReadUpdateDeleteAndConcurrentWrites(backend: DatabaseBackend) async throws {
        try await withDatabase(backend) { database in
            try await MigrationRunner(database: database, logger: Self.logger).run([("demo", [Self.notes])])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await database.write { db in
                            try await db.insert(into: "demo_notes").columns("text", "done")
                                .values(SQLBind("note \(index)"), SQLBind(0)).run()
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await database.write { db in
                try await db.update("demo_notes").set("done", to: SQLBind(1)).where("text", .like, SQLBind("note 1%"))
                    .run()
                try await db.delete(from: "demo_notes").where("text", .equal, SQLBind("note 0")).run()
            }
            let (total, done): (Int, Int) = try await database.read { db in
                let rows = try await db.select().columns("text", "done").from("demo_notes").all()
                return (rows.count, try rows.filter { try $0.decode(column: "done", as: Int.self) == 1 }.count)
            }
            #expect(total == 39)
            #expect(done == 11)
        }
    }

    @Test func sqliteBackupIsAConsistentCopyWhileWritesGoOn() async throws {
        try await withDatabase(.sqlite) { database in
            let store = try #require(database as? SQLiteStore)
            try await MigrationRunner(database: database, logger: Self.logger).run([("demo", [Self.notes])])
            let writer = Task {
                for index in 0..<200 {
                    try await database.write { db in
                        try await db.insert(into: "demo_notes").columns("text", "done").values(
                            SQLBind("n\(index)"), SQLBind(0)
                        ).run()
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(20))
            let copyPath = URL(fileURLWithPath: store.path).deletingLastPathComponent().appendingPathComponent(
                "copy.sqlite"
            ).path
            try await store.backup(to: copyPath)
            try await writer.value
            let copy = try await StorageLocation.sqlite(path: copyPath).open(logger: Self.logger)
            let copied = try await copy.read { try await $0.select().column("text").from("demo_notes").all().count }
            await copy.close()
            #expect((0...200).contains(copied))
            await #expect(throws: (any Error).self) { try await store.backup(to: copyPath) }
        }
    }

    @Test func sqliteRunsInWALModeAndCreatesItsFolder() async throws {
        let temporary = try await TemporaryDatabase.make(.sqlite)
        guard case .sqlite(let path) = temporary.location else { return }
        let nested = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
            "a/b/homeroom.sqlite"
        ).path
        let database = try await StorageLocation.sqlite(path: nested).open(logger: Self.logger)
        let mode = try await database.read {
            try await $0.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
        }
        await database.close()
        try await temporary.destroy()
        #expect(mode == "wal")
    }

    @Test func theDataFolderDatabaseAndBackupsAreTheOwnersOnly() async throws {
        let temporary = try await TemporaryDatabase.make(.sqlite)
        guard case .sqlite(let path) = temporary.location else {
            Issue.record("a temporary SQLite database has no path: \(temporary.location)")
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("data")
        let file = folder.appendingPathComponent("homeroom.sqlite").path
        let database = try await StorageLocation.sqlite(path: file).open(logger: Self.logger)
        try await database.write { try await $0.raw("CREATE TABLE demo_pins (hash TEXT)").run() }
        let backup = folder.appendingPathComponent("backup.sqlite").path
        try await #require(database as? SQLiteStore).backup(to: backup)
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        let modes = try [folder.path, file, file + "-wal", backup].map(mode)
        await database.close()
        try await temporary.destroy()
        #expect(modes == [0o700, 0o600, 0o600, 0o600])
    }

    @Test func aBadPostgresURLIsReportedClearly() async {
        await #expect(throws: PostgresStore.BadURL.self) {
            _ = try await StorageLocation.postgres(url: "postgres://nohost").open(logger: Self.logger)
        }
    }
}
