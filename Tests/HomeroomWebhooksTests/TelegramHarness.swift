import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// The webhook server with Telegram switched on, in front of a loopback Bot API
/// (``TelegramBotAPIServer``), with a lunch menu for Monday, November 23, 2026. The Bot API meters
/// messages on the bot's clock, which the tests move on between messages to one chat.
struct TelegramHarness {
    /// The webhook secret tests configure.
    static let secret = "s3cret_Token-for-tests"
    /// A parent with a private chat with the bot.
    static let parent: Int64 = 5_550_001
    /// A class's supergroup.
    static let group: Int64 = -1_001_234_567_890

    let web: WebhookHarness
    let telegram: TelegramBotAPIServer

    var bot: TestBot { web.bot }

    /// Starts the bot, the loopback Bot API (on `apiClock`, the bot's unless given) and the server
    /// in `mode`; runs `body`; stops them.
    static func with(
        mode: TelegramSettings.Mode = .webhook, apiClock: TestClock? = nil,
        _ body: (TelegramHarness) async throws -> Void
    ) async throws {
        let telegram = try await TelegramBotAPIServer.start()
        telegram.addPerson(parent)
        telegram.addGroup(group)
        do {
            try await WebhookHarness.with(
                at: "2026-11-23T08:00:00-05:00",
                settings: { settings in
                    settings.telegram.botToken = TelegramBotAPIServer.token
                    settings.telegram.botUsername = TelegramBotAPIServer.botUsername
                    settings.telegram.mode = mode
                    settings.telegram.secretToken = secret
                    settings.telegram.apiURL = telegram.apiBaseURL
                }
            ) { web in
                telegram.meter(on: apiClock ?? web.bot.clock)
                try await web.bot.loginAsAdmin()
                try await web.bot.expect(#"/lunch set 2026-11-23 specials "Tacos""#, from: "console:admin")
                try await body(TelegramHarness(web: web, telegram: telegram))
            }
        } catch {
            await telegram.stop()
            throw error
        }
        await telegram.stop()
    }

    /// Posts `update` to the webhook with `secret`. The answers are paced on the bot's clock, so
    /// while the request is in flight the clock moves on in tenths of a second: a wait for the
    /// bot's turn passes as it would in service, and the loopback Bot API meters the same time.
    func post(_ update: [String: Any], secret: String? = TelegramHarness.secret) async throws -> (
        status: Int, body: String
    ) {
        let clock = bot.clock
        let advancing = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(5))
                if clock.sleeperCount > 0 { clock.advance(by: 0.1) }
            }
        }
        defer { advancing.cancel() }
        return try await telegram.postWebhookUpdate(update, to: web.baseURL + "/telegram/webhook", secret: secret)
    }
}
