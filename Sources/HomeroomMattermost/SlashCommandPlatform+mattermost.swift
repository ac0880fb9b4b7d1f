import HomeroomWebhooks

extension SlashCommandPlatform {
    /// Mattermost: anyone holding a command token can send any `user_id`, so ids are unverified
    /// (``trustingSenders(_:)`` when the admin says otherwise); a direct channel is told by its
    /// name (``MattermostDirectChannel``), since the form carries no channel type.
    package static let mattermost = SlashCommandPlatform(
        platform: .mattermost, escaping: MattermostText.escaping, sendersAreVerified: false
    ) { form in
        MattermostDirectChannel.isDirect(channelName: form.channel_name, user: form.user_id)
    }
}
