import HomeroomCore

/// The JSON Slack and Mattermost take as a message: `{"response_type": "in_channel" | "ephemeral",
/// "text": …}` as a slash command's answer (in the HTTP response and posted to `response_url`),
/// and `{"text": …}` at an incoming webhook.
package struct SlashCommandMessage: Encodable {
    /// Who sees an answer; nil for a notification, which has no such field.
    package let responseType: String?
    package let text: String

    /// A message of `text`, seen as `responseType` says (nil for a notification).
    package init(responseType: String?, text: String) {
        self.responseType = responseType
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text
    }
}
