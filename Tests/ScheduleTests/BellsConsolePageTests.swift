import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Schedule
import Testing

/// The office console's bells page: a month of days with what runs on each, changed day by day
/// through the `/schedule` commands, the feed's health, and the day types.
@Suite struct BellsConsolePageTests {
    static let minimumDay =
        "/schedule daytype set \"minimum day\" \"8:00-8:35 Period 1\" \"8:40-9:15 Period 2\" \"9:20-9:55 Period 3\""

    @Test func theMonthShowsAssignedDaysCalendarDaysAndTheDayTypes() async throws {
        try await withScheduleBot(at: "2025-11-03T09:00:00-08:00") { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(Self.minimumDay, from: "console:admin")
            try await bot.expect("/schedule assign 2025-11-06 \"minimum day\"", from: "console:admin")
            try await bot.expect("/schedule assign 2025-11-07 off", from: "console:admin")

            let view = try await bot.consoleView("bells")
            let month = try #require(view.tables.first)
            #expect(month.caption == "November 2025")
            #expect(month.columns == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
            #expect(month.rows.count == 4)
            #expect(view.label(of: "2025-11-06") == "November 6, assigned: minimum day, 8:00–9:55, 3 periods")
            #expect(view.choice(of: "2025-11-06") == "minimum day")
            #expect(view.label(of: "2025-11-07") == "November 7, assigned: no classes — No school")
            #expect(view.choice(of: "2025-11-07") == "off")
            #expect(view.label(of: "2025-11-05") == "November 5, from the calendar: 8:00–12:40, 9 periods")
            #expect(view.choice(of: "2025-11-05") == "")
            #expect(
                view.label(of: "2025-11-11") == "November 11, from the calendar: no classes — No School - Veterans Day")
            #expect(view.text.contains("Source: The file \(SchoolCalendars.lincoln)"))
            #expect(!view.text.contains("Refresh now"))
            let types = try #require(view.tables.last)
            #expect(types.columns == ["Day type", "Periods"])
            #expect(view.text.contains("8:00-8:35 Period 1\n8:40-9:15 Period 2\n9:20-9:55 Period 3"))

            let december = try await bot.consoleView("bells", query: ["month": "2025-12"])
            #expect(december.tables.first?.caption == "December 2025")
            #expect(december.links.map(\.label) == ["November 2025", "January 2026"])
            #expect(december.links.map(\.target) == ["bells?month=2025-11", "bells?month=2026-01"])
        }
    }

    @Test func aSchoolWithSaturdayClassesGetsASaturdayColumn() async throws {
        try await withLincolnBot(schoolDays: [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]) { bot in
            try await bot.loginAsAdmin()
            let columns = try await bot.consoleView("bells").tables.first?.columns
            #expect(columns == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func fridayMadeAMinimumDayOnThePageIsWhatChatAnswers(backend: DatabaseBackend) async throws {
        try await withScheduleBot(at: "2025-11-03T09:00:00-08:00", backend: backend) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(Self.minimumDay, from: "console:admin")
            let notices = try await bot.consolePost(
                "bells", ["action": "assign", "date": "2025-11-07", "type": "minimum day"])
            #expect(notices == [ConsoleNotice("Friday, November 7 now runs the \"minimum day\" schedule.")])
            #expect(
                try await bot.consoleView("bells").label(of: "2025-11-07")
                    == "November 7, assigned: minimum day, 8:00–9:55, 3 periods")
            try await bot.expect("/schedule friday", contains: "(minimum day)", "8:40–9:15 Period 2")

            let entry = try #require(
                try await AuditLog.recent(10, in: bot.runtime.database).first { $0.action == "schedule.assign" })
            #expect(entry.detail.hasPrefix("2025-11-07 minimum day"))
            #expect(entry.channel == "web")
            #expect(entry.actor == UserID("console:admin"))

            let unassigned = try await bot.consolePost("bells", ["action": "assign", "date": "2025-11-07", "type": ""])
            #expect(unassigned == [ConsoleNotice("Friday, November 7 follows the regular schedule again.")])
            let view = try await bot.consoleView("bells")
            #expect(view.label(of: "2025-11-07") == "November 7, from the calendar: 8:00–14:25, 9 periods")
            #expect(view.choice(of: "2025-11-07") == "")
            try await bot.expect("/schedule friday", contains: "Period 6")

            _ = try await bot.consolePost("bells", ["action": "assign", "date": "2025-11-07", "type": "minimum day"])
            bot.clock.set(to: TestClock.instant("2025-11-07T08:50:00-08:00"))
            try await bot.expect("/now", contains: "Period 2, 25 min left (until 9:15)")
        }
    }

    @Test func refreshingTheFeedUpdatesItsFacts() async throws {
        let server = try await LoopbackHTTPServer.start()
        let address = server.url("/bells.ics")
        server.serve("/bells.ics", .text(FeedTests.lincoln, etag: "\"v1\""))
        do {
            try await withScheduleBot(
                at: "2025-10-20T08:25:00-07:00", settings: ["calendarURL": .string(address.absoluteString)]
            ) { bot in
                try await bot.loginAsAdmin()
                let fresh = try await bot.consoleView("bells")
                #expect(fresh.fact("Feed address")?.detail == address.redacted)
                #expect(fresh.fact("Last good copy")?.detail == "just now")
                #expect(fresh.fact("Last error") == nil)
                #expect(fresh.text.contains("Refresh now"))

                server.serve("/bells.ics", .init(status: 503, body: Array("maintenance".utf8)))
                bot.clock.advance(by: 15 * 60)
                let failed = try await bot.consolePost("bells", ["action": "refresh"])
                #expect(failed.first?.isError == true)
                #expect(failed.first?.lines.first?.contains("The last good copy keeps serving") == true)
                let failing = try await bot.consoleView("bells")
                #expect(failing.fact("Last good copy")?.detail == "15 min ago")
                #expect(failing.fact("Last checked")?.detail == "just now")
                let error = try #require(failing.fact("Last error"))
                #expect(error.detail == "Failing since just now: the server answered 503 Service Unavailable.")
                #expect(error.isProblem)

                server.serve("/bells.ics", .text(FeedTests.lincoln, etag: "\"v2\""))
                bot.clock.advance(by: 5 * 60)
                let fixed = try await bot.consolePost("bells", ["action": "refresh"])
                #expect(fixed.first?.lines.first?.hasPrefix("Fetched the bell schedule feed") == true)
                let working = try await bot.consoleView("bells")
                #expect(working.fact("Last good copy")?.detail == "just now")
                #expect(working.fact("Last error") == nil)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aFeedThatNeverLoadedStillShowsItsFactsAndTheRefreshButton() async throws {
        let server = try await LoopbackHTTPServer.start()
        let address = server.url("/missing.ics").absoluteString
        try await withScheduleBot(at: "2025-10-20T08:25:00-07:00", settings: ["calendarURL": .string(address)]) { bot in
            try await bot.loginAsAdmin()
            let view = try await bot.consoleView("bells")
            #expect(view.tables.count == 0)
            #expect(view.text.contains("has not loaded yet (the server answered 404 Not Found)"))
            #expect(view.fact("Last good copy")?.detail == "Not fetched yet.")
            #expect(view.fact("Last error")?.isProblem == true)
            #expect(view.text.contains("Refresh now"))
        }
        await server.stop()
    }

    @Test func onlyPeopleWhoMayAssignDaysSeeOrChangeThePage() async throws {
        try await withLincolnBot(roles: ["office": ["schedule.assign"]]) { bot in
            await #expect(throws: UserFacingError.self) { try await bot.consoleView("bells", as: "console:student") }
            await #expect(throws: UserFacingError.self) {
                try await bot.consolePost(
                    "bells", ["action": "assign", "date": "2025-11-07", "type": "off"], as: "console:student")
            }
            try await bot.expect("/schedule 2025-11-07", contains: "Period 1")

            _ = try await bot.runtime.access.grant("office", to: UserID("console:office")!, by: AuditEntry.commandLine)
            let view = try await bot.consoleView("bells", as: "console:office", verified: true)
            #expect(!view.text.contains("Refresh now"))
            let refused = try await bot.consolePost(
                "bells", ["action": "refresh"], as: "console:office", verified: true)
            #expect(refused.first?.isError == true)
            let off = try await bot.consolePost(
                "bells", ["action": "assign", "date": "2025-11-07", "type": "off"], as: "console:office",
                verified: true)
            #expect(off == [ConsoleNotice("Friday, November 7 is now a day without school.")])
        }
    }

    @Test func aBadMonthOrDateGetsAShortError() async throws {
        try await withScheduleBot(at: "2025-11-03T09:00:00-08:00") { bot in
            try await bot.loginAsAdmin()
            for month in ["2025-13", "November", "2025-1", "2025-11-01"] {
                await #expect(throws: UserFacingError("\"\(month)\" is not a month; write it like 2026-12.")) {
                    try await bot.consoleView("bells", query: ["month": month])
                }
            }
            await #expect(throws: UserFacingError("\"soon\" is not a date")) {
                try await bot.consolePost("bells", ["action": "assign", "date": "soon", "type": "off"])
            }
        }
    }

    @Test func everySentenceOfThePageComesThroughTheCatalogs() async throws {
        try await withScheduleBot(at: "2025-11-03T09:00:00-08:00", language: Language.pseudo.code) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(Self.minimumDay, from: "console:admin")
            let view = try await bot.consoleView("bells")
            var sentences: [String] = []
            for block in view.blocks {
                switch block {
                case .heading(let text), .paragraph(let text): sentences.append(text)
                case .facts(let facts): sentences += facts.flatMap { [$0.term, $0.detail] }
                case .form(let form): sentences.append(form.submit)
                case .table(let table):
                    for case .labelledForm(let form) in table.rows.joined() {
                        sentences += form.fields.map(\.label) + [form.submit]
                        for field in form.fields {
                            if case .choice(let choices) = field.kind { sentences += choices.prefix(2).map(\.label) }
                        }
                    }
                case .links, .codes: break
                }
            }
            sentences += try #require(view.tables.last).columns + [try #require(view.tables.last).caption]
            #expect(sentences.count > 30)
            for sentence in sentences {
                #expect(PseudoLanguageCheck.problem(in: sentence) == nil, "\(sentence)")
            }
        }
    }
}

/// Runs `body` with a bot carrying the schedule plugin with Lincoln High's calendar file, in Los
/// Angeles, on Monday, November 3, 2025, at 9:00, holding classes on `schoolDays`, with the school's
/// `roles`.
private func withLincolnBot(
    schoolDays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday], roles: [String: [String]] = [:],
    _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [SchedulePlugin.self], at: "2025-11-03T09:00:00-08:00",
        configure: {
            $0.timeZone = "America/Los_Angeles"
            $0.schoolDays = schoolDays
            $0.roles = roles
            $0.plugins["schedule"] = .object(["calendarFile": .string(SchoolCalendars.lincoln)])
        }, body)
}

extension ConsoleView {
    /// The page's tables, in order.
    fileprivate var tables: [ConsoleTable] {
        blocks.compactMap { if case .table(let table) = $0 { table } else { nil } }
    }

    /// The page's links, in order.
    fileprivate var links: [ConsoleLink] {
        blocks.flatMap { block -> [ConsoleLink] in if case .links(let links) = block { links } else { [] } }
    }

    /// The fact whose term is `term`.
    fileprivate func fact(_ term: String) -> ConsoleFact? {
        blocks.lazy.compactMap { if case .facts(let facts) = $0 { facts.first { $0.term == term } } else { nil } }
            .first
    }

    /// The day type field of the month's form for `date` (`2025-11-07`).
    private func dayField(_ date: String) -> ConsoleField? {
        for case .table(let table) in blocks {
            for case .labelledForm(let form) in table.rows.joined() where form.hidden["date"] == date {
                return form.fields.first
            }
        }
        return nil
    }

    /// What the month says of `date`: its date, what runs and where that comes from.
    fileprivate func label(of date: String) -> String? { dayField(date)?.label }

    /// The day type chosen for `date`: a name, `off`, or empty when it follows the calendar.
    fileprivate func choice(of date: String) -> String? { dayField(date)?.value }
}
