import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@Suite struct LunchExamplesTests {
    /// Every example of `/lunch` answers what it says, on a week with menus posted for today,
    /// tomorrow, Friday and December 3, one dish served every day, and the admin subscribed to lunch.
    @Test func everyLunchExampleAnswers() async throws {
        try await withPostedMenus { bot in try await bot.runExamples(of: LunchPlugin.self) }
    }

    /// The core commands' examples (help, login, admin, day, subscriptions) name `/lunch`, so they
    /// run here, with the lunch plugin.
    @Test func everyCoreExampleAnswers() async throws {
        try await withPostedMenus { bot in try await bot.runExamples(of: CorePlugin.self) }
    }

    private func withPostedMenus(_ body: (TestBot) async throws -> Void) async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            for day in ["today", "tomorrow", "friday", "2026-12-03"] {
                try await bot.expect("/lunch set \(day) specials \"Chicken tacos\"", from: admin, contains: "Saved")
            }
            try await bot.expect("/lunch always add \"Deli sandwiches\"", from: admin)
            try await bot.expect("/subscribe lunch", from: admin, contains: "Subscribed")
            try await body(bot)
        }
    }
}
