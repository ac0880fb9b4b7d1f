import HomeroomCore
import HomeroomMattermost
import HomeroomWebhooks
import InstalledPlatforms

/// What `homeroom admin grant` says after a grant about when the role applies: at once for an id
/// its platform vouches for, after a PIN login for one it does not.
enum GrantHint {
    /// The platforms that vouch for every id they send, by adapter name, and how.
    private static let vouchingPlatforms: [String: String] = [
        "matrix": "the Matrix homeserver vouches for its users",
        "slack": "Slack signs every request with its user",
        "discord": "Discord signs every interaction with its user",
        "teams": "Microsoft Teams vouches for its users",
        "googlechat": "Google Chat vouches for its users",
        "api": "the API client's token or signature vouches for its users",
        // `irc:NETWORK:ACCOUNT` is a services account the server vouches for; nicks cannot be granted.
        "irc": "the IRC server vouches for services accounts",
    ]

    /// The line printed after `role` was granted to `id`, with `webhooks` the configuration's
    /// webhook settings (nil when they cannot be read): Mattermost vouches for its ids only when
    /// the admin says so there.
    static func line(for id: UserID, role: String, webhooks: WebhookSettings?) -> String {
        let mattermostVouches = id.adapter == "mattermost" && webhooks?.mattermost.trustUserIDs == true
        let vouching =
            mattermostVouches
            ? "webhooks.mattermost.trustUserIDs makes its command tokens vouch for their users"
            : vouchingPlatforms[id.adapter]
        if let vouching {
            return "No PIN is needed: \(vouching), so \(role) applies to \(id) at once."
        }
        return "\(role) applies after \(id) logs in with /login PIN in a direct message; "
            + "set the PIN with: homeroom admin set-pin \(id)"
    }
}
