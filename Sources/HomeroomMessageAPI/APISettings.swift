import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Homeroom's JSON API: the clients allowed to post messages, by name.
public struct APISettings: PlatformSettingsSection {
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
