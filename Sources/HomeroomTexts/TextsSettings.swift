import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Text messages (`webhooks.sms`): the provider's account, the number texts come from, and how
/// long an answer may be.
public struct TextsSettings: PlatformSettingsSection {
    /// Twilio's Programmable Messaging; nil switches texts off.
    public var twilio: TwilioSettings?
    /// The most segments one answer or notification takes (1 to 10; 3 by default); the rest waits
    /// for the person to reply MORE.
    public var maximumSegments = 3
    /// The segments a second the sending number may send: 1 for a long code in the US and Canada,
    /// 3 for a toll-free number, 100 for a short code (Twilio, "Understanding Twilio rate limits
    /// and message queues").
    public var segmentsPerSecond = 1.0

    enum CodingKeys: String, CodingKey, CaseIterable { case twilio, maximumSegments, segmentsPerSecond }

    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        twilio = try container.decodeIfPresent(TwilioSettings.self, forKey: .twilio)
        maximumSegments = try container.decode(.maximumSegments, or: maximumSegments)
        guard (1...10).contains(maximumSegments) else {
            throw container.invalid(.maximumSegments, "from 1 to 10 segments")
        }
        segmentsPerSecond = try container.decode(.segmentsPerSecond, or: segmentsPerSecond)
        guard segmentsPerSecond.isFinite, segmentsPerSecond >= 0.01, segmentsPerSecond <= 1000 else {
            throw container.invalid(.segmentsPerSecond, "from 0.01 to 1000 segments a second")
        }
    }
}

/// A Twilio account sending and receiving the school's texts.
public struct TwilioSettings: Sendable, Decodable {
    /// The account's SID (`AC…`), which the API's addresses and Basic authentication name.
    public var accountSID: String
    /// The account's auth token: it authenticates Homeroom to the API and signs what Twilio posts
    /// (`X-Twilio-Signature`). An admin credential; `$ENV_NAME` reads it from the environment.
    public var authToken: String
    /// The number texts are sent from, in E.164 (`+15551230000`); or
    /// ``messagingServiceSID``.
    public var from: String?
    /// A Messaging Service (`MG…`) that picks the sending number; or ``from``.
    public var messagingServiceSID: String?
    /// Homeroom's address as Twilio reaches it, through any proxy (`https://homeroom.school.example`):
    /// Twilio signs the whole URL it posted to, so the signature is checked over this address,
    /// never over what the request's own headers claim.
    public var publicURL: URL
    /// The API's address; Twilio's own unless a test serves it.
    public var apiURL = URL(string: "https://api.twilio.com")!

    enum CodingKeys: String, CodingKey, CaseIterable {
        case accountSID, authToken, from, messagingServiceSID, publicURL, apiURL
    }

    /// An account, as configured.
    public init(
        accountSID: String, authToken: String, from: String? = nil, messagingServiceSID: String? = nil,
        publicURL: URL, apiURL: URL = URL(string: "https://api.twilio.com")!
    ) {
        self.accountSID = accountSID
        self.authToken = authToken
        self.from = from
        self.messagingServiceSID = messagingServiceSID
        self.publicURL = publicURL
        self.apiURL = apiURL
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accountSID = try container.decode(String.self, forKey: .accountSID)
        guard accountSID.hasPrefix("AC"), accountSID.count == 34, accountSID.dropFirst(2).allSatisfy(\.isHexDigit)
        else {
            throw container.invalid(.accountSID, "the account SID: AC and 32 hexadecimal digits")
        }
        guard let token = try container.decodeSecret(.authToken, environment: decoder.homeroomEnvironment) else {
            throw container.invalid(.authToken, "the account's auth token (or $ENV_NAME)")
        }
        authToken = token
        from = try container.decodeIfPresent(String.self, forKey: .from)
        messagingServiceSID = try container.decodeIfPresent(String.self, forKey: .messagingServiceSID)
        if let from, PhoneNumber(from, assumingNorthAmerica: false)?.e164 != from {
            throw container.invalid(.from, "a number in E.164, such as +15551230000")
        }
        guard (from == nil) != (messagingServiceSID == nil) else {
            throw container.invalid(.from, "give the sending number (from) or a messagingServiceSID, not both")
        }
        let address = try container.decode(String.self, forKey: .publicURL)
        guard let url = URL(string: address), url.isWebAddress, url.query == nil else {
            throw container.invalid(.publicURL, "an http or https address, such as https://homeroom.school.example")
        }
        publicURL = url
        apiURL = try container.decodeAPIBaseURL(.apiURL, or: apiURL)
    }
}
