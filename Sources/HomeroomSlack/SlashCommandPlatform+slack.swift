import HomeroomWebhooks

extension SlashCommandPlatform {
    /// Slack signs each request, and marks a direct message by the channel's name or by its id's `D`.
    package static let slack = SlashCommandPlatform(
        platform: .slack, escaping: SlackText.escaping, sendersAreVerified: true
    ) { form in
        form.channel_name == "directmessage" || form.channel_id.hasPrefix("D")
    }
}
