import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// The console's audit log page: newest first, filtered by person, by the start of the action
/// and by school days, a hundred entries at a time.
@Suite struct AuditPageTests {
    /// The audit page's rows as texts (a moment's lines joined by a space), or none.
    static func rows(_ view: ConsoleView) -> [[String]] {
        for case .table(let table) in view.blocks {
            return table.rows.map { row in
                row.map { cell in
                    switch cell {
                    case .text(let text): text
                    case .lines(let lines): lines.joined(separator: " ")
                    case .form, .labelledForm, .empty: ""
                    }
                }
            }
        }
        return []
    }

    /// The links at the foot of the page, by label.
    static func links(_ view: ConsoleView) -> [String: String] {
        var links: [String: String] = [:]
        for case .links(let found) in view.blocks {
            for link in found { links[link.label] = link.target }
        }
        return links
    }

    /// The query of a link within the console (`audit?action=bulk&before=7`), decoded.
    static func query(of target: String) -> [String: String] {
        guard let start = target.firstIndex(of: "?") else { return [:] }
        var query: [String: String] = [:]
        for pair in target[target.index(after: start)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            query[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return query
    }

    /// A bot whose audit log holds, on Monday 23 November, the admin's setup (by the command line),
    /// their login and a grant through the web; on Tuesday 24, their login again, a PIN set
    /// through the web and a lunch menu set in #general by slack:T1:U2.
    func withLog(on backend: DatabaseBackend = .sqlite, _ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(plugins: [EchoPlugin.self], backend: backend) { bot in
            try await bot.loginAsAdmin()
            _ = try await bot.consolePost("people", ["action": "grant", "identity": "irc:ann", "role": "admin"])
            bot.clock.advance(by: 24 * 3600)
            try await bot.expect("/login \(TestBot.adminPIN)", from: "console:admin", contains: "logged in")
            _ = try await bot.consolePost("people", ["action": "pin", "identity": "irc:ann", "pin": "5555"])
            try await AuditLog.record(
                AuditEntry(
                    at: bot.clock.now, actor: UserID("slack:T1:U2")!, action: "lunch.set", detail: "menu of 2026-11-25",
                    channel: "#general"),
                in: bot.runtime.database)
            try await body(bot)
        }
    }

    @Test func showsEveryEntryNewestFirstWithWhenWhoAndWhere() async throws {
        try await withLog { bot in
            let view = try await bot.consoleView("audit")
            let rows = Self.rows(view)
            #expect(
                rows.map { $0[2] } == ["lunch.set", "pin.set", "login", "role.grant", "login", "pin.set", "role.grant"])
            #expect(rows[0] == ["Tue Nov 24 12:00", "slack:T1:U2", "lunch.set", "menu of 2026-11-25", "#general"])
            #expect(rows[1] == ["Tue Nov 24 12:00", "console:admin", "pin.set", "PIN set for irc:ann", "web"])
            #expect(rows[6] == ["Mon Nov 23 12:00", "homeroom:cli", "role.grant", "console:admin now holds admin", ""])
            #expect(Self.links(view).isEmpty)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func filtersByPersonActionAndDay(on backend: DatabaseBackend) async throws {
        try await withLog(on: backend) { bot in
            let byPerson = Self.rows(try await bot.consoleView("audit", query: ["person": "CONSOLE:admin"]))
            #expect(byPerson.map { $0[2] } == ["pin.set", "login", "role.grant", "login"])
            let byAction = Self.rows(try await bot.consoleView("audit", query: ["action": "role"]))
            #expect(byAction.map { $0[1] } == ["console:admin", "homeroom:cli"])
            #expect(
                Self.rows(try await bot.consoleView("audit", query: ["action": "lunch"])).map { $0[2] } == ["lunch.set"]
            )
            #expect(Self.rows(try await bot.consoleView("audit", query: ["action": "lunch.s"])).count == 1)
            #expect(Self.rows(try await bot.consoleView("audit", query: ["action": "lunch%"])).isEmpty)
            let tuesday = Self.rows(
                try await bot.consoleView("audit", query: ["from": "2026-11-24", "to": "2026-11-24"]))
            #expect(tuesday.map { $0[2] } == ["lunch.set", "pin.set", "login"])
            let monday = Self.rows(try await bot.consoleView("audit", query: ["to": "2026-11-23"]))
            #expect(monday.map { $0[2] } == ["role.grant", "login", "pin.set", "role.grant"])
            let both = try await bot.consoleView(
                "audit", query: ["person": "console:admin", "action": "pin", "from": "2026-11-24"])
            #expect(Self.rows(both).map { $0[2] } == ["pin.set"])
            #expect(both.text.contains("Person\nconsole:admin\nAction\npin\nFrom\n2026-11-24\nTo\nShow"))

            let none = try await bot.consoleView("audit", query: ["person": "irc:nobody"])
            #expect(none.text.contains("No entries match."))
            let badDate = try await bot.consoleView("audit", query: ["from": "yesterday"])
            #expect(badDate.text.contains("Write dates as YYYY-MM-DD, like 2026-12-01."))
            #expect(Self.rows(badDate).isEmpty)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func pagesAHundredAtATime(on backend: DatabaseBackend) async throws {
        try await TestBot.with(plugins: [EchoPlugin.self], backend: backend) { bot in
            try await bot.loginAsAdmin()
            try await bot.runtime.database.write { db in
                for number in 1...150 {
                    try await AuditLog.insert(
                        AuditEntry(
                            at: bot.clock.now, actor: AuditEntry.commandLine, action: "bulk.test",
                            detail: "entry \(number)"),
                        into: db)
                }
            }
            let first = try await bot.consoleView("audit", query: ["action": "bulk"])
            #expect(Self.rows(first).count == 100)
            #expect(Self.rows(first).first?[3] == "entry 150")
            #expect(Self.rows(first).last?[3] == "entry 51")
            let older = try #require(Self.links(first)["Older"])
            #expect(Self.links(first)["Newest"] == nil)
            #expect(Self.query(of: older)["action"] == "bulk")

            let second = try await bot.consoleView("audit", query: Self.query(of: older))
            #expect(Self.rows(second).map { $0[3] } == (1...50).reversed().map { "entry \($0)" })
            #expect(Self.links(second)["Older"] == nil)
            #expect(Self.links(second)["Newest"] == "audit?action=bulk")
        }
    }

    @Test func aStudentIsRefusedTheLog() async throws {
        try await withLog { bot in
            await #expect(throws: UserFacingError.self) {
                try await bot.consoleView("audit", as: "console:student")
            }
        }
    }
}
