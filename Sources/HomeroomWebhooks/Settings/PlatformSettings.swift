import Foundation
import HomeroomCore

/// Slack: the app's signing secret (Basic Information → App Credentials) and incoming-webhook URLs.
public struct SlackSettings: Sendable, Decodable {
    /// Verifies `X-Slack-Signature`; nil switches `/slack/commands` off.
    public var signingSecret: String?
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case signingSecret, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signingSecret = try container.decodeSecret(.signingSecret, environment: decoder.homeroomEnvironment)
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}

/// Mattermost: the tokens of the slash commands pointing here, and incoming-webhook URLs.
public struct MattermostSettings: Sendable, Decodable {
    /// Each slash command's token (Integrations → Slash Commands); empty switches `/mattermost/commands` off.
    public var tokens: [String] = []
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case tokens, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tokens = try container.decodeSecrets(.tokens, environment: decoder.homeroomEnvironment)
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}

/// Discord: the application's public key (General Information) for verifying interactions, the
/// API address for answers to slow commands, and webhook URLs for notifications.
public struct DiscordSettings: Sendable, Decodable {
    /// The Ed25519 public key, 64 hex digits; nil switches `/discord/interactions` off.
    public var publicKey: String?
    /// Where late answers are sent (`{apiBaseURL}/webhooks/{application}/{token}/messages/@original`).
    public var apiBaseURL = URL(string: "https://discord.com/api/v10")!
    /// Channel id or name → webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case publicKey, apiBaseURL, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        publicKey = try container.decodeSecret(.publicKey, environment: decoder.homeroomEnvironment)
        if let publicKey, HexBytes.decode(publicKey)?.count != 32 {
            throw container.invalid(.publicKey, "64 hex digits, as Discord shows the application's public key")
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .apiBaseURL) {
            guard let url = URL(string: text), url.isWebAddress else {
                throw container.invalid(.apiBaseURL, "an https URL such as https://discord.com/api/v10")
            }
            apiBaseURL = url
        }
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}

/// Teams: the security token Teams shows when an outgoing webhook is created, and incoming-webhook URLs.
public struct TeamsSettings: Sendable, Decodable {
    /// The base64 security token; nil switches `/teams/messages` off.
    public var secret: String?
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case secret, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        secret = try container.decodeSecret(.secret, environment: decoder.homeroomEnvironment)
        if let secret, Data(base64Encoded: secret).map({ $0.isEmpty }) ?? true {
            throw container.invalid(
                .secret, "the base64 security token Teams shows when the outgoing webhook is created")
        }
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}

/// Homeroom's JSON API: the clients allowed to post messages, by name.
public struct APISettings: Sendable, Decodable {
    /// One client: a bearer token, an HMAC secret, or both.
    public struct Client: Sendable, Decodable {
        /// Sent as `Authorization: Bearer TOKEN`.
        public var token: String?
        /// Signs requests: `X-Homeroom-Signature: v1=HEX(HMAC-SHA256(secret, "v1:TIMESTAMP:BODY"))`.
        public var hmacSecret: String?
        /// Where Homeroom posts notifications for the client's users and channels (circle posts,
        /// subscriptions); with an `hmacSecret` each is signed in the notification scheme,
        /// `X-Homeroom-Notification-Signature: v1=HEX(HMAC-SHA256(secret,
        /// "homeroom-notification:v1:TIMESTAMP:BODY"))`, which no request to the API can carry.
        /// None when absent.
        public var notifyURL: URL?

        enum CodingKeys: String, CodingKey, CaseIterable { case token, hmacSecret, notifyURL }

        public init(token: String? = nil, hmacSecret: String? = nil, notifyURL: URL? = nil) {
            self.token = token
            self.hmacSecret = hmacSecret
            self.notifyURL = notifyURL
        }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let environment = decoder.homeroomEnvironment
            token = try container.decodeSecret(.token, environment: environment)
            hmacSecret = try container.decodeSecret(.hmacSecret, environment: environment)
            guard token != nil || hmacSecret != nil else {
                throw container.invalid(.token, "give a token or an hmacSecret")
            }
            if let token, token.utf8.count < 16 {
                throw container.invalid(.token, "at least 16 characters (e.g. from: openssl rand -hex 24)")
            }
            if let hmacSecret, hmacSecret.utf8.count < 16 {
                throw container.invalid(.hmacSecret, "at least 16 characters (e.g. from: openssl rand -hex 24)")
            }
            if let text = try container.decodeIfPresent(String.self, forKey: .notifyURL) {
                guard let url = URL(string: text), url.isWebAddress else {
                    throw container.invalid(.notifyURL, "\"\(text)\" is not an http or https URL")
                }
                notifyURL = url
            }
        }
    }

    /// Client name → credentials; the name is part of its users' ids (`api:kiosk:alice`).
    public var clients: [String: Client] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case clients }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clients = try container.decode(.clients, or: clients)
        for name in clients.keys
        where name.isEmpty || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw container.invalid(.clients, "\"\(name)\" is not a client name: letters, digits and - only")
        }
    }
}
