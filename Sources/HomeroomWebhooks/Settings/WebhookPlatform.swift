/// The chat platforms the webhook adapter speaks to; the raw value is the adapter name in user
/// ids (`slack:T0001:U2147483697`) and in the outbox.
package enum WebhookPlatform: String, Sendable, CaseIterable, Hashable {
    case slack, mattermost, discord, teams
    /// Google Chat (`googlechat:DOMAIN:USER`).
    case googlechat
    /// Homeroom's own JSON API (`POST /api/v1/messages`).
    case api

    /// The path its commands (or, for the API, its messages) are posted to.
    package var commandPath: String {
        switch self {
        case .slack: "/slack/commands"
        case .mattermost: "/mattermost/commands"
        case .discord: "/discord/interactions"
        case .teams: "/teams/messages"
        case .googlechat: "/google-chat/events"
        case .api: "/api/v1/messages"
        }
    }
}
