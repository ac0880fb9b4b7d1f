import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@Suite struct LunchConsolePageTests {
    /// Monday, December 7, 2026, at noon in the school's zone.
    static let monday = "2026-12-07T12:00:00-05:00"

    /// The table of `view` (the week's grid is the first).
    func tables(of view: ConsoleView) -> [ConsoleTable] {
        view.blocks.compactMap { if case .table(let table) = $0 { table } else { nil } }
    }

    /// The notices' lines, one a line.
    func text(of notices: [ConsoleNotice]) -> String { notices.flatMap(\.lines).joined(separator: "\n") }

    @Test func theGridShowsAWeeksMenusAndLinksToTheWeeksAround() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set specials "Chicken tacos; Veggie pizza" fries yes"#, from: admin)
            try await bot.expect(#"/lunch set 2026-12-16 specials "Lasagna""#, from: admin)
            let view = try await bot.consoleView("lunch", as: admin)
            let grid = try #require(tables(of: view).first)
            #expect(grid.caption == "Lunch, week of Monday, December 7")
            #expect(grid.columns == ["Day", "Specials", "Vegetables", "Fries"])
            #expect(grid.rows.count == 5)
            guard case .text(let day) = grid.rows[0][0], case .form(let specials) = grid.rows[0][1],
                case .form(let fries) = grid.rows[0][3]
            else {
                Issue.record("unexpected cells \(grid.rows[0])")
                return
            }
            #expect(day == "Monday, December 7")
            #expect(specials.hidden == ["date": "2026-12-07"])
            #expect(specials.fields.first?.value == "Chicken tacos\nVeggie pizza")
            #expect(fries.fields.first?.value == "yes")
            #expect(!view.text.contains("Lasagna"))
            let links = view.blocks.flatMap { block -> [ConsoleLink] in
                if case .links(let links) = block { links } else { [] }
            }
            #expect(links.map(\.target) == ["lunch?week=2026-11-30", "lunch?week=2026-12-14"])
            // Any date of a week shows that week.
            let later = try await bot.consoleView("lunch", as: admin, query: ["week": "2026-12-18"])
            #expect(tables(of: later).first?.caption == "Lunch, week of Monday, December 14")
            #expect(later.text.contains("Lasagna"))
            await #expect(throws: UserFacingError.self) {
                try await bot.consoleView("lunch", as: admin, query: ["week": "2026-13-40"])
            }
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSpecialsCellSetsThatDaysSpecials(backend: DatabaseBackend) async throws {
        try await withLunchBot(at: Self.monday, backend: backend) { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set tuesday vegetables Corn fries no", from: admin)
            try await bot.expect("/lunch tuesday", contains: "Vegetables: Corn")
            let notices = try await bot.consolePost(
                "lunch", ["action": "set", "date": "2026-12-08", "specials": "Chicken tacos\r\n\r\n Veggie pizza \n"],
                as: admin)
            #expect(notices.allSatisfy { !$0.isError }, "\(notices)")
            #expect(text(of: notices).contains("Saved the menu for Tuesday, December 8"))
            // The other fields keep their values.
            try await bot.expect(
                "/lunch tuesday", contains: "Specials: Chicken tacos, Veggie pizza", "Vegetables: Corn", "Fries: no")
            let audit = try #require(try await AuditLog.recent(1, in: bot.runtime.database).first)
            #expect(audit.action == "lunch.set")
            #expect(audit.actor == UserID(admin))
            #expect(audit.channel == "web")
            #expect(audit.detail == "2026-12-08: specials=Chicken tacos; Veggie pizza")
        }
    }

    @Test func vegetablesAndFriesCellsAndEmptyingThem() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set 2026-12-09 specials "Soup" vegetables "Peas" fries yes"#, from: admin)
            _ = try await bot.consolePost(
                "lunch", ["action": "set", "date": "2026-12-09", "vegetables": "Green beans\nCorn"], as: admin)
            try await bot.expect("/lunch 2026-12-09", contains: "Vegetables: Green beans, Corn", "Fries: yes")
            _ = try await bot.consolePost("lunch", ["action": "set", "date": "2026-12-09", "fries": "no"], as: admin)
            try await bot.expect("/lunch 2026-12-09", contains: "Fries: no")
            // An emptied cell empties its field: vegetables listed none, fries not said.
            _ = try await bot.consolePost(
                "lunch", ["action": "set", "date": "2026-12-09", "vegetables": ""], as: admin)
            _ = try await bot.consolePost("lunch", ["action": "set", "date": "2026-12-09", "fries": ""], as: admin)
            let reply = try await bot.expect("/lunch 2026-12-09")
            #expect(reply.lines == ["Lunch for Wednesday, December 9:", "Specials: Soup"])
            let view = try await bot.consoleView("lunch", as: admin)
            guard case .form(let fries) = try #require(tables(of: view).first).rows[2][3] else {
                Issue.record("no fries cell")
                return
            }
            #expect(fries.fields.first?.value == "")
            let audit = try await AuditLog.recent(1, in: bot.runtime.database)
            #expect(audit.first?.detail == "2026-12-09: fries=")
        }
    }

    @Test func anAlwaysDishIsAddedAndRemoved() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            let empty = try await bot.consoleView("lunch", as: admin)
            #expect(empty.text.contains("No dish is listed every day."))
            let added = try await bot.consolePost("lunch", ["action": "add", "dish": "Salad bar"], as: admin)
            #expect(text(of: added) == "Salad bar is now listed every day.")
            try await bot.expect("/lunch always", contains: "Always available: Salad bar")
            let view = try await bot.consoleView("lunch", as: admin)
            let always = try #require(tables(of: view).last)
            #expect(always.caption == "Dishes served every day")
            guard case .form(let remove) = always.rows.first?.last else {
                Issue.record("no Remove button in \(always.rows)")
                return
            }
            #expect(remove.hidden == ["dish": "Salad bar"])
            let removed = try await bot.consolePost(
                "lunch", ["action": remove.action].merging(remove.hidden) { $1 }, as: admin)
            #expect(text(of: removed) == "Salad bar is no longer listed.")
            try await bot.expect("/lunch always", contains: "No always-available dishes")
            let audit = try await AuditLog.recent(2, in: bot.runtime.database)
            #expect(audit.map(\.action) == ["lunch.always.remove", "lunch.always.add"])
            #expect(audit.allSatisfy { $0.channel == "web" })
        }
    }

    @Test func aGoodCSVSetsTheWeek() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            let csv = """
                date,specials,vegetables,fries
                2026-12-07,Chicken tacos; Veggie pizza,Green beans,yes
                2026-12-08,Lasagna,Corn,no
                2026-12-09,Soup,,
                2026-12-10,Curry,Peas,yes
                2026-12-11,Fish,,no

                """
            let notices = try await bot.consolePost(
                "lunch", ["action": "import"], upload: ConsoleUpload(fileName: "week.csv", bytes: Array(csv.utf8)),
                as: admin)
            #expect(
                notices.map(\.lines) == [
                    ["imported 5 menus and 0 days without lunch, Monday, December 7 to Friday, December 11"]
                ])
            #expect(notices.first?.isError == false)
            try await bot.expect("/lunch", contains: "Specials: Chicken tacos, Veggie pizza")
            try await bot.expect("/lunch friday", contains: "Specials: Fish", "Fries: no")
            let view = try await bot.consoleView("lunch", as: admin)
            #expect(view.text.contains("Curry"))
            let audit = try #require(try await AuditLog.recent(1, in: bot.runtime.database).first)
            #expect(audit.action == "lunch.import")
            #expect(audit.actor == UserID(admin))
            #expect(audit.channel == "web")
        }
    }

    @Test func aCSVWithABadRowIsRefusedAndChangesNothing() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set specials Original", from: admin)
            let auditBefore = try await AuditLog.recent(10, in: bot.runtime.database)
            let csv = """
                date,specials,vegetables,fries
                2026-12-07,Replaced,,yes
                2026-12-32,Nope,,yes
                2026-12-09,Fine,,no

                """
            let notices = try await bot.consolePost(
                "lunch", ["action": "import"], upload: ConsoleUpload(fileName: "bad.csv", bytes: Array(csv.utf8)),
                as: admin)
            #expect(notices.count == 1)
            #expect(notices.first?.isError == true)
            #expect(
                notices.first?.lines == [
                    "import rejected, nothing was changed:", "line 3: \"2026-12-32\" is not a date like 2026-12-03",
                ])
            try await bot.expect("/lunch", contains: "Specials: Original")
            try await bot.expect("/lunch wednesday", contains: "no lunch menu is posted")
            #expect(try await AuditLog.recent(10, in: bot.runtime.database) == auditBefore)
        }
    }

    @Test func aFileWithManyBadRowsShowsTheFirstFive() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            let csv = (1...8).map { "2026-12-\($0),Soup,,maybe" }.joined(separator: "\n")
            let notices = try await bot.consolePost(
                "lunch", ["action": "import"], upload: ConsoleUpload(fileName: "bad.csv", bytes: Array(csv.utf8)),
                as: admin)
            let lines = try #require(notices.first?.lines)
            #expect(lines.count == 7, "\(lines)")
            #expect(lines[1].hasPrefix("line 1: "))
            #expect(lines.last == "… and 3 more")
            // No file at all is refused too.
            let missing = try await bot.consolePost("lunch", ["action": "import"], as: admin)
            #expect(missing.first?.isError == true)
        }
    }

    @Test func translatedSpecialsAreShownBesideTheEnglish() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            let csv = """
                date,specials,specials_es
                2026-12-08,Chicken tacos; Veggie pizza,Tacos de pollo; Pizza vegetariana

                """
            _ = try await bot.consolePost(
                "lunch", ["action": "import"], upload: ConsoleUpload(fileName: "es.csv", bytes: Array(csv.utf8)),
                as: admin)
            let grid = try #require(tables(of: try await bot.consoleView("lunch", as: admin)).first)
            #expect(grid.columns == ["Day", "Specials", "Specials in other languages", "Vegetables", "Fries"])
            guard case .lines(let translated) = grid.rows[1][2], case .empty = grid.rows[0][2] else {
                Issue.record("unexpected cells \(grid.rows)")
                return
            }
            #expect(translated == ["Español: Tacos de pollo, Pizza vegetariana"])
        }
    }

    @Test func aStudentCanNeitherSeeNorChangeThePage() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            await #expect(throws: UserFacingError.self) { try await bot.consoleView("lunch", as: "console:student") }
            await #expect(throws: UserFacingError.self) {
                try await bot.consolePost(
                    "lunch", ["action": "set", "date": "2026-12-08", "specials": "Cake"], as: "console:student")
            }
            await #expect(throws: UserFacingError.self) {
                try await bot.consolePost(
                    "lunch", ["action": "import"],
                    upload: ConsoleUpload(fileName: "a.csv", bytes: Array("2026-12-08,Cake,,\n".utf8)),
                    as: "console:student")
            }
            try await bot.expect("/lunch tuesday", contains: "no lunch menu is posted")
            #expect(try await AuditLog.recent(10, in: bot.runtime.database).isEmpty)
        }
    }

    @Test func aDishThatLooksLikeMarkupIsPlainText() async throws {
        try await withLunchBot(at: Self.monday) { bot in
            try await bot.loginAsAdmin(admin)
            let dish = "<script>alert(1)</script>"
            _ = try await bot.consolePost(
                "lunch", ["action": "set", "date": "2026-12-07", "specials": dish], as: admin)
            _ = try await bot.consolePost("lunch", ["action": "add", "dish": dish], as: admin)
            let view = try await bot.consoleView("lunch", as: admin)
            let lines = view.text.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0 == dish }.count == 2, "\(view.text)")
            try await bot.expect("/lunch", contains: "Specials: \(dish)")
        }
    }
}
