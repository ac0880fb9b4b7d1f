import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Telegram (`webhooks.telegram`): the bot's token and name, and how its updates arrive: by long
/// polling (the default, which needs no public address) or by webhook.
public struct TelegramSettings: PlatformSettingsSection {
    /// How the bot's updates arrive.
    public enum Mode: String, Sendable, Decodable {
        /// `getUpdates`, long-polled by the instance holding the duty `telegram:polling`.
        case polling
        /// Telegram posts each update to `/telegram/webhook` (registered with `setWebhook`).
        case webhook
    }

    /// The token BotFather gave (`123456:ABC-DEF…`); nil switches Telegram off. A credential;
    /// `env:NAME` reads it from the environment.
    public var botToken: String?
    /// The bot's username without `@` (`SchoolBot`): `/lunch@SchoolBot` and `@SchoolBot` address it
    /// in a group; a command for another bot is left alone.
    public var botUsername: String?
    /// How updates arrive; polling unless told.
    public var mode = Mode.polling
    /// The secret Telegram sends in `X-Telegram-Bot-Api-Secret-Token` with each webhook update
    /// (given to `setWebhook` as `secret_token`); required in webhook mode.
    public var secretToken: String?
    /// The Bot API's address; Telegram's own unless a test serves it.
    public var apiURL = URL(string: "https://api.telegram.org")!

    enum CodingKeys: String, CodingKey, CaseIterable { case botToken, botUsername, mode, secretToken, apiURL }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        botToken = try container.decodeSecret(.botToken, environment: environment)
        if let botToken, TelegramBotToken.botID(of: botToken) == nil {
            throw container.invalid(.botToken, "the token BotFather gave: the bot's number, a colon, then the secret")
        }
        botUsername = try container.decodeIfPresent(String.self, forKey: .botUsername).map {
            $0.hasPrefix("@") ? String($0.dropFirst()) : $0
        }
        if let botUsername, !Self.isUsername(botUsername) {
            throw container.invalid(
                .botUsername, "the bot's username: 5 to 32 letters, digits and _, such as SchoolBot")
        }
        mode = try container.decode(.mode, or: mode)
        secretToken = try container.decodeSecret(.secretToken, environment: environment)
        if let secretToken, !Self.isSecretToken(secretToken) {
            throw container.invalid(.secretToken, "1 to 256 characters of A-Z, a-z, 0-9, _ and -")
        }
        if mode == .webhook, botToken != nil, secretToken == nil {
            throw container.invalid(.secretToken, "webhook mode needs the secretToken given to setWebhook")
        }
        apiURL = try container.decodeAPIBaseURL(.apiURL, or: apiURL)
    }

    /// True for 1 to 256 characters of `A-Z a-z 0-9 _ -`, as `setWebhook` takes `secret_token`
    /// (https://core.telegram.org/bots/api#setwebhook).
    static func isSecretToken(_ text: String) -> Bool {
        (1...256).contains(text.utf8.count) && text.utf8.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") }
    }

    /// True for a bot's username as Telegram allows them: 5 to 32 of `A-Z a-z 0-9 _`.
    static func isUsername(_ text: String) -> Bool {
        (5...32).contains(text.utf8.count) && text.utf8.allSatisfy(isWordByte)
    }

    /// True for an ASCII letter, digit or `_`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

/// What a bot token says in the open: the bot's own number before the colon.
package enum TelegramBotToken {
    /// The bot's number (`123456` of `123456:ABC-DEF…`); nil for something that is no token.
    package static func botID(of token: String) -> String? {
        let parts = token.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].utf8.count),
            parts[0].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            (1...200).contains(parts[1].utf8.count),
            parts[1].utf8.allSatisfy({ TelegramSettings.isWordByte($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return String(parts[0])
    }
}
