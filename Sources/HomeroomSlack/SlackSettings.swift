import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Slack: the app's signing secret (Basic Information → App Credentials) for slash commands over
/// HTTPS, its bot token for posting to channels and people, its app-level token for Socket Mode,
/// and incoming-webhook URLs.
public struct SlackSettings: PlatformSettingsSection {
    /// Verifies `X-Slack-Signature`; nil switches `/slack/commands` off.
    public var signingSecret: String?
    /// The bot token (`xoxb-…`, OAuth & Permissions): notifications go out with `chat.postMessage`,
    /// to channels and, through `conversations.open`, to people. Nil: channels only, through
    /// incoming webhooks.
    public var botToken: String?
    /// The app-level token (`xapp-…` with `connections:write`): commands, mentions and direct
    /// messages arrive over a Socket Mode WebSocket the bot opens, so no public address is needed.
    /// Nil: no Socket Mode.
    public var appToken: String?
    /// Slack's Web API.
    public var apiBaseURL = URL(string: "https://slack.com/api")!
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case signingSecret, botToken, appToken, apiBaseURL, incomingWebhooks
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        signingSecret = try container.decodeSecret(.signingSecret, environment: environment)
        botToken = try container.decodeSecret(.botToken, environment: environment)
        if let botToken, !botToken.hasPrefix("xoxb-") {
            throw container.invalid(.botToken, "the bot token starts with xoxb- (OAuth & Permissions)")
        }
        appToken = try container.decodeSecret(.appToken, environment: environment)
        if let appToken, !appToken.hasPrefix("xapp-") {
            throw container.invalid(.appToken, "the app-level token starts with xapp- (Basic Information)")
        }
        if appToken != nil, botToken == nil {
            throw container.invalid(.appToken, "Socket Mode answers mentions with the bot token: set botToken too")
        }
        apiBaseURL = try container.decodeAPIBaseURL(.apiBaseURL, or: apiBaseURL)
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}
