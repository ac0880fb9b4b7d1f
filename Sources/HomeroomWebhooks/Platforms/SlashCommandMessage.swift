import HomeroomCore

/// The JSON Slack and Mattermost take as a message: `{"response_type": "in_channel" | "ephemeral",
/// "text": …}` as a slash command's answer (in the HTTP response and posted to `response_url`),
/// and `{"text": …}` at an incoming webhook.
struct SlashCommandMessage: Encodable {
    /// Who sees an answer; nil for a notification, which has no such field.
    let responseType: String?
    let text: String

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text
    }
}
