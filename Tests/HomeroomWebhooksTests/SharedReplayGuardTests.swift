import Foundation
import HomeroomCore
import HomeroomStorage
import HomeroomTesting
import Logging
import SQLKit
import Testing

@testable import HomeroomWebhooks

/// The replay guard of instances sharing one PostgreSQL database: a signature one accepted is
/// refused by every other until its window ends.
@Suite struct SharedReplayGuardTests {
    static let logger: Logger = {
        var logger = Logger(label: "homeroom.test")
        logger.logLevel = .critical
        return logger
    }()
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Whether `replays` accepts `signature` (signed at `signedAt`) at `now`.
    static func accepts(
        _ replays: ReplayGuard, _ signature: [UInt8], signedAt: Date = start, now: Date = start
    ) async throws -> Bool {
        try await replays.firstUse(of: signature, signedAt: signedAt, now: now)
    }

    @Test func oneSQLiteInstanceKeepsSignaturesInMemory() async throws {
        try await TemporaryDatabase.with(.sqlite, logger: Self.logger) { database in
            let replays = ReplayGuard.make(window: 600, database: database, logger: Self.logger)
            guard replays.seen is SeenSignaturesInMemory else {
                Issue.record("SQLite is one instance: its guard keeps signatures in memory")
                return
            }
            let first = try await Self.accepts(replays, [1, 2])
            let again = try await Self.accepts(replays, [1, 2])
            #expect(first)
            #expect(!again)
        }
    }

    @Test(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
    func aSignatureAcceptedByOneInstanceIsRefusedByAnotherUntilItsWindowEnds() async throws {
        try await TestBot.with(backend: .postgres) { bot in
            // Two instances: the runtime's connections, and a second set of connections to its database.
            let first = bot.runtime.database
            let second = try await bot.database.open(logger: Self.logger)
            do {
                try await Self.checkSharing(first, second)
            } catch {
                await second.close()
                throw error
            }
            await second.close()
        }
    }

    /// One signature through guards over `first` and `second`, two connections to one database.
    static func checkSharing(_ first: any Database, _ second: any Database) async throws {
        let one = ReplayGuard.make(window: 600, database: first, logger: Self.logger)
        let other = ReplayGuard.make(window: 600, database: second, logger: Self.logger)
        guard other.seen is SeenSignaturesTable else {
            Issue.record("instances on PostgreSQL share their guard")
            return
        }
        let signature: [UInt8] = [0xAB, 0xCD, 0x01]
        #expect(try await accepts(one, signature))
        #expect(try await !accepts(other, signature, now: start.addingTimeInterval(5)))
        #expect(try await !accepts(one, signature, now: start.addingTimeInterval(599)))
        #expect(try await accepts(other, [0xAB]), "another signature")
        let stored = try await first.read { db in
            try await db.select().column("signature").from("core_seen_signatures").orderBy("signature").all()
                .map { try $0.decode(column: "signature", as: String.self) }
        }
        #expect(stored == ["ab", "abcd01"], "lowercase hex")
        let later = Self.start.addingTimeInterval(600)
        #expect(try await accepts(other, signature, signedAt: later, now: later), "its window ended")
        #expect(try await !accepts(one, signature, signedAt: later, now: later.addingTimeInterval(1)))
    }

    @Test(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
    func expiredSignaturesArePurged() async throws {
        try await TestBot.with(backend: .postgres) { bot in
            let database = bot.runtime.database
            let table = SeenSignaturesTable(database: database, logger: Self.logger, purgeEvery: 3)
            let expiry = Self.start.addingTimeInterval(600)
            func count() async throws -> Int {
                try await database.read { db in
                    try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
                        .from("core_seen_signatures").first().map { try $0.decode(column: "count", as: Int.self) } ?? 0
                }
            }
            let firstTwo = [
                try await table.remember([1], until: expiry, now: Self.start),
                try await table.remember([2], until: expiry, now: Self.start),
            ]
            let before = try await count()
            let later = Self.start.addingTimeInterval(601)
            let third = try await table.remember([3], until: later.addingTimeInterval(600), now: later)
            let after = try await count()
            #expect(firstTwo == [true, true])
            #expect(before == 2)
            #expect(third, "the third accepted signature purges")
            #expect(after == 1, "the two expired rows are gone, the fresh one stays")
        }
    }

    @Test(.enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
    func aGuardThatCannotCheckRefusesWith503() async throws {
        // A database without the table: every check fails, as when the database does not answer.
        try await TemporaryDatabase.with(.postgres, logger: Self.logger) { database in
            let replays = ReplayGuard.make(window: 600, database: database, logger: Self.logger)
            let error = await #expect(throws: WebhookRejection.self) {
                try await replays.firstUse(of: [9], signedAt: Self.start, now: Self.start)
            }
            #expect(error?.status == .serviceUnavailable)
            #expect(error?.message.contains("cannot check this request against replays") == true)
        }
    }
}
