import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Google Chat: the Chat app's HTTP endpoint and its service account.
public struct GoogleChatSettings: PlatformSettingsSection {
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
