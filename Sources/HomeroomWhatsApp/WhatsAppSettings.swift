import Foundation
import HomeroomCore
import HomeroomWebhooks

/// WhatsApp through Meta's Cloud API (`webhooks.whatsapp`): the business phone number, the
/// credentials that send from it and check what Meta posts, and how fast it may send. An absent or
/// null section switches WhatsApp off.
public struct WhatsAppSettings: PlatformSettingsSection {
    /// The business number's Cloud API account; nil switches WhatsApp off.
    public var account: WhatsAppAccount?

    /// WhatsApp switched off.
    public init() {}

    /// WhatsApp through `account`.
    public init(account: WhatsAppAccount) {
        self.account = account
    }

    public init(from decoder: any Decoder) throws {
        account = try WhatsAppAccount(from: decoder)
    }
}

/// One business phone number on the Cloud API, as `webhooks.whatsapp` configures it.
public struct WhatsAppAccount: Sendable, Decodable {
    /// The business phone number's id (digits), which the Messages API's address names.
    public var phoneNumberID: String
    /// A system user's access token, sent as `Authorization: Bearer`. `env:NAME` reads it from the
    /// environment.
    public var accessToken: String
    /// The Meta app's secret, which signs every webhook Meta posts (`X-Hub-Signature-256`).
    public var appSecret: String
    /// The token Meta's verification request (`hub.verify_token`) must carry.
    public var verifyToken: String
    /// The Graph API's address with its version; Meta's own unless a test serves it.
    public var apiURL = WhatsAppAccount.defaultAPIURL
    /// The approved template that carries a notification outside the 24-hour customer-service
    /// window; nil: such notifications are not sent, and the delivery report says why.
    public var notificationTemplate: WhatsAppTemplate?
    /// The messages a second the number may send: 80 by default ("For each registered business
    /// phone number, Cloud API supports up to 80 messages per second (mps) by default", Meta,
    /// WhatsApp Business Platform, "Throughput").
    public var messagesPerSecond = 80.0

    /// `https://graph.facebook.com/v21.0`.
    public static let defaultAPIURL = URL(string: "https://graph.facebook.com/v21.0")!

    enum CodingKeys: String, CodingKey, CaseIterable {
        case phoneNumberID, accessToken, appSecret, verifyToken, apiURL, notificationTemplate, messagesPerSecond
    }

    /// An account, as configured.
    public init(
        phoneNumberID: String, accessToken: String, appSecret: String, verifyToken: String,
        apiURL: URL = WhatsAppAccount.defaultAPIURL, notificationTemplate: WhatsAppTemplate? = nil,
        messagesPerSecond: Double = 80
    ) {
        self.phoneNumberID = phoneNumberID
        self.accessToken = accessToken
        self.appSecret = appSecret
        self.verifyToken = verifyToken
        self.apiURL = apiURL
        self.notificationTemplate = notificationTemplate
        self.messagesPerSecond = messagesPerSecond
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        phoneNumberID = try container.decode(String.self, forKey: .phoneNumberID)
        guard (1...32).contains(phoneNumberID.utf8.count), phoneNumberID.utf8.allSatisfy(Self.isDigit) else {
            throw container.invalid(
                .phoneNumberID, "the business phone number's id: digits, as Meta's app dashboard shows it")
        }
        guard let token = try container.decodeSecret(.accessToken, environment: environment), !token.isEmpty else {
            throw container.invalid(.accessToken, "a system user's access token (or env:NAME)")
        }
        accessToken = token
        guard let secret = try container.decodeSecret(.appSecret, environment: environment), !secret.isEmpty else {
            throw container.invalid(.appSecret, "the Meta app's secret, which signs webhooks (or env:NAME)")
        }
        appSecret = secret
        guard let verify = try container.decodeSecret(.verifyToken, environment: environment), !verify.isEmpty else {
            throw container.invalid(.verifyToken, "the verify token given to Meta with the callback URL (or env:NAME)")
        }
        verifyToken = verify
        apiURL = try container.decodeAPIBaseURL(.apiURL, or: apiURL)
        notificationTemplate = try container.decodeIfPresent(WhatsAppTemplate.self, forKey: .notificationTemplate)
        messagesPerSecond = try container.decode(.messagesPerSecond, or: messagesPerSecond)
        guard messagesPerSecond.isFinite, messagesPerSecond >= 0.01, messagesPerSecond <= 1000 else {
            throw container.invalid(.messagesPerSecond, "from 0.01 to 1000 messages a second")
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

/// An approved message template whose body has one parameter, `{{1}}`, carrying a notification's text.
public struct WhatsAppTemplate: Sendable, Decodable, Equatable {
    /// The template's name, as approved (`school_notice`).
    public var name: String
    /// The language it was approved in (`en_US`).
    public var language: String

    enum CodingKeys: String, CodingKey, CaseIterable { case name, language }

    /// The template `name` in `language`.
    public init(name: String, language: String) {
        self.name = name
        self.language = language
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        // Template names are lowercase letters, digits and underscores (Meta, "Message templates").
        guard (1...512).contains(name.utf8.count),
            name.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "_") })
        else { throw container.invalid(.name, "the approved template's name: lowercase letters, digits and _") }
        language = try container.decode(String.self, forKey: .language)
        guard (2...16).contains(language.utf8.count),
            language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") })
        else { throw container.invalid(.language, "the template's language code, such as en_US") }
    }
}
