import Foundation
import HomeroomCore

/// The `webhooks` section of the configuration: where the HTTP server listens, each platform's
/// secret (a platform without one has no endpoint), and the incoming-webhook URLs notifications
/// are posted to.
public struct WebhookSettings: Sendable, Decodable {
    /// False: `homeroom serve` starts no HTTP server.
    public var enabled = true
    /// The address to listen on; `127.0.0.1` keeps the server on this machine (put a TLS proxy in front).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (printed at start).
    public var port = 8080
    /// Larger request bodies get 413.
    public var maximumBodyBytes = 65_536
    /// A command not answered within this many seconds is acknowledged at once and answered
    /// later through the platform's response URL (Slack allows 3 s).
    public var acknowledgeAfterSeconds = 2.5
    /// Signed requests whose timestamp is further than this from the clock are refused (replays).
    public var timestampToleranceSeconds = 300.0
    /// Seconds an outgoing post (a notification, a late answer) may take.
    public var deliveryTimeoutSeconds = 10.0
    /// Slack slash commands and incoming webhooks.
    public var slack = SlackSettings()
    /// Mattermost slash commands and incoming webhooks.
    public var mattermost = MattermostSettings()
    /// Discord interactions and webhooks.
    public var discord = DiscordSettings()
    /// Teams outgoing and incoming webhooks.
    public var teams = TeamsSettings()
    /// Homeroom's own JSON API.
    public var api = APISettings()

    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, host, port, maximumBodyBytes, acknowledgeAfterSeconds, timestampToleranceSeconds,
            deliveryTimeoutSeconds, slack, mattermost, discord, teams, api
    }

    /// The defaults: listening on 127.0.0.1:8080 with no platform set up.
    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decode(.enabled, or: enabled)
        host = try container.decode(.host, or: host)
        port = try container.decode(.port, or: port)
        maximumBodyBytes = try container.decode(.maximumBodyBytes, or: maximumBodyBytes)
        acknowledgeAfterSeconds = try container.decode(.acknowledgeAfterSeconds, or: acknowledgeAfterSeconds)
        timestampToleranceSeconds = try container.decode(.timestampToleranceSeconds, or: timestampToleranceSeconds)
        deliveryTimeoutSeconds = try container.decode(.deliveryTimeoutSeconds, or: deliveryTimeoutSeconds)
        slack = try container.decode(.slack, or: slack)
        mattermost = try container.decode(.mattermost, or: mattermost)
        discord = try container.decode(.discord, or: discord)
        teams = try container.decode(.teams, or: teams)
        api = try container.decode(.api, or: api)
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw container.invalid(.host, "an address such as 127.0.0.1 or 0.0.0.0")
        }
        guard (0...65535).contains(port) else { throw container.invalid(.port, "a port from 1 to 65535, or 0 for any") }
        guard maximumBodyBytes >= 1024 else { throw container.invalid(.maximumBodyBytes, "at least 1024") }
        guard acknowledgeAfterSeconds > 0, acknowledgeAfterSeconds <= 2.9 else {
            throw container.invalid(.acknowledgeAfterSeconds, "above 0 and at most 2.9 (Slack waits 3 s)")
        }
        guard timestampToleranceSeconds >= 10 else {
            throw container.invalid(.timestampToleranceSeconds, "at least 10")
        }
        guard deliveryTimeoutSeconds > 0 else { throw container.invalid(.deliveryTimeoutSeconds, "above 0") }
    }

    /// The platforms whose outgoing notifications have URLs, by adapter name.
    public var incomingWebhooks: [WebhookPlatform: [String: URL]] {
        [
            .slack: slack.incomingWebhooks, .mattermost: mattermost.incomingWebhooks,
            .discord: discord.incomingWebhooks, .teams: teams.incomingWebhooks,
        ].filter { !$0.value.isEmpty }
    }
}

extension KeyedDecodingContainer {
    /// A map of channel → incoming-webhook URL; each must be an http or https URL.
    func decodeWebhookURLs(_ key: Key) throws -> [String: URL] {
        let texts = try decode(key, or: [String: String]())
        var urls: [String: URL] = [:]
        for (channel, text) in texts {
            guard let url = URL(string: text), url.isWebAddress else {
                throw invalid(key, "\"\(channel)\": \"\(text)\" is not an https URL")
            }
            urls[channel] = url
        }
        return urls
    }
}
