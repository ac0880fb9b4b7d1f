import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Teams: the security token Teams shows when an outgoing webhook is created, a Bot Framework
/// bot's app id and password, and incoming-webhook URLs.
public struct TeamsSettings: PlatformSettingsSection {
    /// The base64 security token; nil switches `/teams/messages` off.
    public var secret: String?
    /// The bot's Microsoft App ID (Azure Bot → Configuration); with ``appPassword`` it switches
    /// `/teams/bot` on. Incoming tokens must name it as their audience.
    public var appID: String?
    /// The bot's client secret, for the tokens its answers and notifications are sent with.
    public var appPassword: String?
    /// A single-tenant bot's Microsoft Entra tenant id: its tokens come from that tenant, and
    /// activities from any other tenant are refused. Nil for a multi-tenant bot (the tokens come from
    /// the `botframework.com` tenant, and every tenant may talk to it).
    public var tenantID: String?
    /// Where the Bot Framework publishes the keys its requests are signed with.
    public var openIDMetadataURL = URL(string: "https://login.botframework.com/v1/.well-known/openidconfiguration")!
    /// Where the bot gets its own tokens (client credentials); nil: Microsoft's, for ``tenantID``
    /// or `botframework.com`.
    public var tokenURL: URL?
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]
    /// For tests only: lets the bot take activities whose `serviceUrl` is `http` on a loopback address
    /// (the tests' stand-in for the Bot Connector) and post its token there. No configuration key sets
    /// it, so in service the bot's token goes to `https` service URLs alone.
    package var allowsLoopbackHTTPServiceURLs = false
    /// How long an outgoing webhook's request waits for the answer before the "still working" note,
    /// under the 5 seconds Teams waits. No configuration key sets it: tests lengthen it, so that a
    /// loaded machine does not turn an answer they check into the note.
    package var answerWithin = Duration.milliseconds(4500)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case secret, appID, appPassword, tenantID, openIDMetadataURL, tokenURL, incomingWebhooks
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        secret = try container.decodeSecret(.secret, environment: decoder.homeroomEnvironment)
        if let secret, Data(base64Encoded: secret).map({ $0.isEmpty }) ?? true {
            throw container.invalid(
                .secret, "the base64 security token Teams shows when the outgoing webhook is created")
        }
        appID = try container.decodeIfPresent(String.self, forKey: .appID)
        appPassword = try container.decodeSecret(.appPassword, environment: decoder.homeroomEnvironment)
        if appID == nil, appPassword != nil { throw container.invalid(.appID, "a bot needs its Microsoft App ID") }
        if appID != nil, appPassword == nil {
            throw container.invalid(.appPassword, "a bot needs its client secret (Certificates & secrets)")
        }
        tenantID = try container.decodeIfPresent(String.self, forKey: .tenantID)
        openIDMetadataURL = try container.decodeAPIBaseURL(.openIDMetadataURL, or: openIDMetadataURL)
        tokenURL = try container.decodeIfPresent(String.self, forKey: .tokenURL).map { text in
            guard let url = URL(string: text), url.isWebAddress else {
                throw container.invalid(.tokenURL, "\"\(text)\" is not an https URL")
            }
            return url
        }
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}
