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

    /// Run in the pseudo-language, every example says every word through the catalogs, whole.
    @Test func everyLunchAndCoreExampleSpeaksThroughTheCatalogs() async throws {
        try await withPostedMenus(language: Language.pseudo.code) { bot in
            try await bot.runExamplesThroughCatalogs(of: LunchPlugin.self)
            try await bot.runExamplesThroughCatalogs(of: CorePlugin.self)
        }
    }

    private func withPostedMenus(language: String = "en", _ body: (TestBot) async throws -> Void) async throws {
        try await withLunchBot(language: language) { bot in
            try await bot.loginAsAdmin(admin)
            for day in ["today", "tomorrow", "friday", "2026-12-03"] {
                try await bot.expect("/lunch set \(day) specials \"Chicken tacos\"", from: admin)
            }
            try await bot.expect("/lunch always add \"Deli sandwiches\"", from: admin)
            try await bot.expect("/subscribe lunch", from: admin)
            try await body(bot)
        }
    }
}
