import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// Sign-ins kept in the database, on SQLite and on PostgreSQL: what every instance shares.
@Suite struct WebConsoleSignInsTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aLinkTakenAtOnceByManyStartsOneSession(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let signIns = try #require(bot.runtime.webConsole)
            let link = try await signIns.link(for: UserID("slack:T1:U1")!, verified: true)
            let token = String(try #require(link.split(separator: "/").last))
            let outcomes = try await withThrowingTaskGroup(of: WebConsoleSignIns.Redemption.self) { group in
                for _ in 0..<8 { group.addTask { try await signIns.redeem(token) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let sessions = outcomes.compactMap { if case .signedIn(let session) = $0 { session } else { nil } }
            #expect(sessions.count == 1)
            #expect(outcomes.filter { $0 == .alreadyUsed }.count == 7)
            let session = try #require(sessions.first)
            #expect(session.identity.description == "slack:T1:U1" && session.verified)
            #expect(try await signIns.session(fromCookie: session.cookie) == session)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func onlyHashesAreKeptAndANoticeShowsOnce(backend: DatabaseBackend) async throws {
        try await TestBot.with(backend: backend) { bot in
            let signIns = try #require(bot.runtime.webConsole)
            let link = try await signIns.link(for: UserID("console:admin")!, verified: false)
            let token = String(try #require(link.split(separator: "/").last))
            guard case .signedIn(let session) = try await signIns.redeem(token) else {
                Issue.record("the link did not sign in")
                return
            }
            let stored = try await bot.runtime.database.read { db in
                try await db.raw("SELECT token_hash FROM core_console_links").all().map {
                    try $0.decode(column: "token_hash", as: String.self)
                }
                    + db.raw("SELECT id_hash FROM core_console_sessions").all().map {
                        try $0.decode(column: "id_hash", as: String.self)
                    }
            }
            let sessionID = String(session.cookie.prefix { $0 != "." })
            #expect(stored.count == 2 && !stored.contains(token) && !stored.contains(sessionID))
            try await signIns.leave(ConsoleNotice(lines: ["Saved.", "Second line."]), for: session)
            #expect(try await signIns.takeNotice(of: session) == ConsoleNotice(lines: ["Saved.", "Second line."]))
            #expect(try await signIns.takeNotice(of: session) == nil)
            try await signIns.leave(ConsoleNotice("Refused.", isError: true), for: session)
            #expect(try await signIns.takeNotice(of: session)?.isError == true)
        }
    }
}
