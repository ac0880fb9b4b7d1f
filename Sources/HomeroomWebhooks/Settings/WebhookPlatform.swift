/// The chat platforms the webhook adapter speaks to; the raw value is the adapter name in user
/// ids (`slack:T0001:U2147483697`) and in the outbox.
package enum WebhookPlatform: String, Sendable, CaseIterable, Hashable {
    case slack, mattermost, discord, teams
    /// Homeroom's own JSON API (`POST /api/v1/messages`).
    case api
}
