import Foundation
import HomeroomCore
import HomeroomWebhooks

/// Mattermost: the tokens of the slash commands pointing here, whether their user ids are
/// trusted, and incoming-webhook URLs.
public struct MattermostSettings: PlatformSettingsSection {
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
