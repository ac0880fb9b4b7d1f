import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Discord: the application's public key (General Information) for verifying interactions, the
/// API address for answers to slow commands, and webhook URLs for notifications.
public struct DiscordSettings: PlatformSettingsSection {
    /// The Ed25519 public key, 64 hex digits; nil switches `/discord/interactions` off.
    public var publicKey: String?
    /// The bot token (Bot → Reset Token): notifications go to channels and, as direct messages,
    /// to people through the REST API. Nil: channels only, through webhooks.
    public var botToken: String?
    /// Where late answers are sent (`{apiBaseURL}/webhooks/{application}/{token}/messages/@original`)
    /// and the bot's messages posted.
    public var apiBaseURL = URL(string: "https://discord.com/api/v10")!
    /// Channel id or name → webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case publicKey, botToken, apiBaseURL, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        publicKey = try container.decodeSecret(.publicKey, environment: decoder.homeroomEnvironment)
        if let publicKey, HexBytes.decode(publicKey)?.count != 32 {
            throw container.invalid(.publicKey, "64 hex digits, as Discord shows the application's public key")
        }
        botToken = try container.decodeSecret(.botToken, environment: decoder.homeroomEnvironment)
        if let botToken, botToken.isEmpty || botToken.contains(where: { $0.isWhitespace }) {
            throw container.invalid(.botToken, "the token Discord shows under Bot → Reset Token, without \"Bot \"")
        }
        apiBaseURL = try container.decodeAPIBaseURL(.apiBaseURL, or: apiBaseURL)
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}
