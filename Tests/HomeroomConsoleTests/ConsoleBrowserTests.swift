import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// The console and the display in real headless Chromium (`Scripts/chromium-scenario.py`), used as
/// the office uses them: every page looked at on a desk and on a phone, checked by axe-core
/// (`HOMEROOM_AXE_SCRIPT`), without console errors, and each change then answered so in chat
/// and audited as made through the web. The figures are printed on lines starting `browser:`.
@Suite(.enabled(if: BrowserScenario.isAvailable, "chromium (Debian chromium) is not installed"))
struct ConsoleBrowserTests {
    @Test func anOfficeWorkerDoesTheWeeksChoresInTheBrowser() async throws {
        try await ConsoleSchool.with { console in
            let link = try await console.link()
            let folder = try Self.temporaryFolder("console-browser")
            defer { try? FileManager.default.removeItem(at: folder) }
            var pages = PageCheck(folder: folder)
            let scenario = try OfficeChores.scenario(base: console.baseURL, link: link, folder: folder, pages: &pages)
            let outcome = try await scenario.play(in: folder)
            try #require(outcome.error == nil, "\(outcome.error ?? "")")
            #expect(outcome.errorsButFavicon.isEmpty, "\(outcome.errorsButFavicon)")
            let minor = try pages.verify(outcome)
            Self.report(outcome, minor: minor)

            let cookie = try #require(outcome.step("cookies")?.cookies?.first { $0.name == "homeroom_console" })
            #expect(cookie.httpOnly && cookie.sameSite == "Strict" && cookie.path == "/console" && !cookie.secure)
            Self.checkKeyboard(outcome)
            let imported = try #require(outcome.step("imported week")?.value?.string)
            for (_, dish) in OfficeChores.csvSpecials { #expect(imported.contains(dish), "\(imported)") }
            let rejected = try #require(outcome.step("after the bad row")?.text)
            #expect(rejected.contains("import rejected, nothing was changed:"))
            #expect(outcome.step("week after the bad row")?.value?.string == imported, "nothing changed")
            let filtered = try #require(outcome.step("audit filtered page"))
            #expect(filtered.url?.hasSuffix("/console/audit?action=lunch") == true, "\(filtered.url ?? "")")
            #expect(
                filtered.text?.contains("lunch.import") == true && filtered.text?.contains("schedule.assign") == false)
            let audit = try #require(outcome.step("audit by address page")?.text)
            #expect(audit.contains("lunch.import") && audit.contains("lunch.always.add"), "\(audit)")
            #expect(!audit.contains("schedule.assign") && !audit.contains("role.grant"), "only lunch's entries")
            try await Self.checkChat(console)
        }
    }

    /// Tab from the top of the lunch page: the skip link, then the menu; the skip link leads into
    /// the page; Enter in a field submits its form.
    static func checkKeyboard(_ outcome: BrowserOutcome) {
        #expect(
            outcome.step("tab 1")?.focused?.text == "Skip to the page",
            "\(String(describing: outcome.step("tab 1")?.focused))")
        #expect(
            outcome.step("tab 2 in the menu")?.value?.bool == true,
            "\(String(describing: outcome.step("tab 2")?.focused))")
        #expect(
            outcome.step("skipped into the page")?.value?.bool == true,
            "\(String(describing: outcome.step("tab after skip")?.focused))")
        #expect(outcome.step("enter")?.url?.hasSuffix("/console/lunch") == true)
    }

    /// What chat answers and the audit log records after the chores.
    static func checkChat(_ console: ConsoleHarness) async throws {
        let bot = console.bot
        try await bot.expect(
            "/lunch \(OfficeChores.tuesday)",
            contains: "Specials: \(OfficeChores.tuesdaySpecials.joined(separator: ", "))",
            OfficeChores.keyboardDish)
        let week = try await bot.expect("/lunch next week")
        for (_, dish) in OfficeChores.csvSpecials { #expect(week.text.contains(dish), "\(week.text)") }
        #expect(!week.text.contains(OfficeChores.refusedDish))
        try await bot.expect("/schedule \(OfficeChores.friday)", contains: "(minimum day)", "8:40–9:15 Period 2")
        try await bot.expect("/day \(OfficeChores.tuesday)", contains: OfficeChores.tuesdaySpecials[0])
        try await bot.expect("/day \(OfficeChores.friday)", contains: "minimum day")
        let audit = try await AuditLog.recent(50, in: bot.runtime.database)
        let web = audit.filter { $0.channel == "web" && $0.actor == UserID(ConsoleHarness.admin) }
        #expect(web.contains { $0.action == "lunch.set" && $0.detail.hasPrefix("\(OfficeChores.tuesday): specials=") })
        #expect(web.filter { $0.action == "lunch.import" }.count == 1, "the refused file is not audited")
        #expect(web.contains { $0.action == "lunch.always.add" && $0.detail.contains(OfficeChores.keyboardDish) })
        #expect(
            web.contains { $0.action == "schedule.assign" && $0.detail.hasPrefix("\(OfficeChores.friday) minimum day") }
        )
    }

    /// Prints the figures: the time to open the link and to sign in, each wait for a text, the axe
    /// findings below serious.
    static func report(_ outcome: BrowserOutcome, minor: [String]) {
        if let opened = outcome.milliseconds(from: "browser ready", to: "link"),
            let signedIn = outcome.milliseconds(from: "pressing sign in", to: "signed in")
        {
            print("browser: the link's page opened in \(opened) ms; signed in \(signedIn) ms after pressing Sign in")
        }
        for step in outcome.results where step.do == "waitText" {
            print("browser: waited \(step.elapsedMs ?? 0) ms for \(step.name ?? "step \(step.step)")")
        }
        if BrowserScenario.axeScript == nil {
            print("browser: HOMEROOM_AXE_SCRIPT not set; axe-core did not run")
        } else {
            let runs = outcome.results.filter { $0.do == "axe" }.count
            print("browser: axe-core ran \(runs) times; below serious: \(minor.isEmpty ? "nothing" : "")")
            for finding in minor { print("browser: axe, below serious: \(finding)") }
        }
    }

    /// A new folder for one test's files.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
