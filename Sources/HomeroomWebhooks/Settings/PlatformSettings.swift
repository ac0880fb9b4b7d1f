import Foundation
import HomeroomCore

/// Slack: the app's signing secret (Basic Information → App Credentials) for slash commands over
/// HTTPS, its bot token for posting to channels and people, its app-level token for Socket Mode,
/// and incoming-webhook URLs.
public struct SlackSettings: Sendable, Decodable {
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

/// Mattermost: the tokens of the slash commands pointing here, whether their user ids are
/// trusted, and incoming-webhook URLs.
public struct MattermostSettings: Sendable, Decodable {
    /// Each slash command's token (Integrations → Slash Commands); empty switches `/mattermost/commands` off.
    /// A token is an admin credential: whoever holds it can send a command as any Mattermost user.
    public var tokens: [String] = []
    /// False (the default): a command's `user_id` is unverified, so roles apply only after
    /// `/login PIN` in a direct message, and `/link` and `/unlink` are refused. True: it counts as
    /// verified and roles apply at once, which is safe only when every holder of every token may
    /// act as any user, admins included.
    public var trustUserIDs = false
    /// The Mattermost server's address. A late answer goes to the command's `response_url`, which
    /// only the request's body names: it reaches private or loopback addresses only on this
    /// server's host, and only when `fetch.allowedHosts` names that host too. Nil: public only.
    public var serverURL: URL?
    /// Channel id or name → incoming-webhook URL, for notifications.
    public var incomingWebhooks: [String: URL] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable { case tokens, trustUserIDs, serverURL, incomingWebhooks }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tokens = try container.decodeSecrets(.tokens, environment: decoder.homeroomEnvironment)
        trustUserIDs = try container.decode(.trustUserIDs, or: trustUserIDs)
        if let text = try container.decodeIfPresent(String.self, forKey: .serverURL) {
            guard let url = URL(string: text), url.isWebAddress else {
                throw container.invalid(.serverURL, "the server's address, such as https://chat.school.example")
            }
            serverURL = url
        }
        incomingWebhooks = try container.decodeWebhookURLs(.incomingWebhooks)
    }
}

/// Discord: the application's public key (General Information) for verifying interactions, the
/// API address for answers to slow commands, and webhook URLs for notifications.
public struct DiscordSettings: Sendable, Decodable {
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

/// Teams: the security token Teams shows when an outgoing webhook is created, a Bot Framework
/// bot's app id and password, and incoming-webhook URLs.
public struct TeamsSettings: Sendable, Decodable {
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

/// Google Chat: the Chat app's HTTP endpoint and its service account.
public struct GoogleChatSettings: Sendable, Decodable {
    /// The Google Cloud project number: requests signed by `chat@system.gserviceaccount.com` must
    /// name it as their audience (the app's "Authentication Audience" set to Project Number).
    public var projectNumber: String?
    /// The endpoint's public address (`https://…/google-chat/events`): ID tokens must name it as
    /// their audience (the "Authentication Audience" set to HTTP endpoint URL).
    public var endpointURL: URL?
    /// Where Google publishes the keys of `chat@system.gserviceaccount.com`, as a JWK set.
    public var chatKeysURL = URL(
        string: "https://www.googleapis.com/service_accounts/v1/jwk/chat@system.gserviceaccount.com")!
    /// Where Google publishes the keys of its ID tokens, as a JWK set.
    public var idTokenKeysURL = URL(string: "https://www.googleapis.com/oauth2/v3/certs")!
    /// The service account's JSON key file (IAM → Service accounts → Keys), for late answers and
    /// notifications through the Chat API. Nil: answers in the HTTP response only.
    public var serviceAccountKeyFile: String?
    /// The Chat API.
    public var apiBaseURL = URL(string: "https://chat.googleapis.com/v1")!
    /// An answer ready within this many seconds goes in the HTTP response (Google waits 30); a
    /// slower one is posted through the Chat API when a service account is set.
    public var answerWithinSeconds = 25.0

    enum CodingKeys: String, CodingKey, CaseIterable {
        case projectNumber, endpointURL, chatKeysURL, idTokenKeysURL, serviceAccountKeyFile, apiBaseURL,
            answerWithinSeconds
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        projectNumber = try container.decodeIfPresent(String.self, forKey: .projectNumber)
        if let projectNumber, projectNumber.isEmpty || !projectNumber.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw container.invalid(.projectNumber, "the project number: digits only (Cloud console → Dashboard)")
        }
        endpointURL = try container.decodeIfPresent(String.self, forKey: .endpointURL).map { text in
            guard let url = URL(string: text), url.isWebAddress else {
                throw container.invalid(.endpointURL, "\"\(text)\" is not an https URL")
            }
            return url
        }
        chatKeysURL = try container.decodeAPIBaseURL(.chatKeysURL, or: chatKeysURL)
        idTokenKeysURL = try container.decodeAPIBaseURL(.idTokenKeysURL, or: idTokenKeysURL)
        serviceAccountKeyFile = try container.decodeIfPresent(String.self, forKey: .serviceAccountKeyFile)
        apiBaseURL = try container.decodeAPIBaseURL(.apiBaseURL, or: apiBaseURL)
        answerWithinSeconds = try container.decode(.answerWithinSeconds, or: answerWithinSeconds)
        guard answerWithinSeconds > 0, answerWithinSeconds <= 28 else {
            throw container.invalid(.answerWithinSeconds, "above 0 and at most 28 (Google waits 30 s)")
        }
        if serviceAccountKeyFile != nil, projectNumber == nil, endpointURL == nil {
            throw container.invalid(.projectNumber, "give projectNumber or endpointURL, so events can be checked")
        }
    }

    /// True when `/google-chat/events` takes events: an audience to check their tokens against is set.
    public var takesEvents: Bool { projectNumber != nil || endpointURL != nil }
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
