import Foundation
import HomeroomTesting
import Testing

extension ConsoleBrowserTests {
    /// The dish the display shows first, and the one chat changes it to while the page is open.
    static let firstDish = "Chicken tacos"
    static let changedDish = "Veggie pizza"
    /// How long after Chromium starts the menu is changed: time for it to open the display.
    static let pageOpening = Duration.seconds(5)
    /// The texts the hall reads from across it, their sizes in CSS pixels.
    static let readingSizes =
        "Array.from(document.querySelectorAll('#now p, #lunch p'), p => parseFloat(getComputedStyle(p).fontSize))"

    @Test func theHallwayDisplayShowsAMenuChangedInChatWithoutAReload() async throws {
        try await ConsoleSchool.with { console in
            let bot = console.bot
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "\#(Self.firstDish)""#, from: ConsoleHarness.admin)
            let folder = try Self.temporaryFolder("display-browser")
            defer { try? FileManager.default.removeItem(at: folder) }
            var pages = PageCheck(folder: folder)
            var scenario = BrowserScenario()
            (scenario.width, scenario.height) = (PageCheck.wall.width, PageCheck.wall.height)
            scenario.goto(console.baseURL + "/display", name: "display")
            scenario.waitText(Self.firstDish, name: "first dish")
            scenario.eval("window.homeroomFirstLoad = true", name: "marked")
            scenario.waitText(Self.changedDish, timeout: 40, name: "changed")
            scenario.eval("window.homeroomFirstLoad === true", name: "same page")
            scenario.eval(Self.readingSizes, name: "reading sizes")
            pages.look(at: "display", in: &scenario, sizes: [PageCheck.wall, PageCheck.phone])

            let played = scenario
            let browser = Task { try await played.play(in: folder) }
            try await Task.sleep(for: Self.pageOpening)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "\#(Self.changedDish)""#, from: ConsoleHarness.admin)
            let changedAt = Date().timeIntervalSince1970 * 1000
            // The display reuses a state for a moment of the clock's uptime (`HallwayDisplay.reuse`).
            let uptime = bot.clock.uptime
            bot.clock.advance(by: 1)
            #expect(bot.clock.uptime - uptime == .seconds(1))
            let outcome = try await browser.value

            try #require(outcome.error == nil, "\(outcome.error ?? "")")
            #expect(outcome.errorsButFavicon.isEmpty, "\(outcome.errorsButFavicon)")
            let opened = try #require(outcome.step("marked")?.at)
            try #require(opened < changedAt, "the display opened \(Int(opened - changedAt)) ms after the change")
            let shown = try #require(outcome.step("changed")?.at)
            print("browser: the display showed the change \(Int(shown - changedAt)) ms after chat answered it")
            // It asks for its state every second: a change shows within a few asks, whatever the
            // load of the machine (the 40 s wait above is what a reload-only page would need).
            #expect(shown - changedAt < 5_000, "the display asks for its state again every second")
            #expect(outcome.step("same page")?.value?.bool == true, "shown without a reload")
            let sizes = try #require(outcome.step("reading sizes")?.value?.array).compactMap(\.number)
            print("browser: the display's texts are \(sizes.map { "\(Int($0)) px" }.joined(separator: ", "))")
            #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 32 }, "\(sizes)")
            let minor = try pages.verify(outcome, sizes: [PageCheck.wall, PageCheck.phone])
            for finding in minor { print("browser: axe, below serious: \(finding)") }
        }
    }
}
