import Foundation
import HomeroomCore

/// The JSON Slack and Mattermost take as a slash command's answer, both in the HTTP response
/// and posted to `response_url`: `{"response_type": "in_channel" | "ephemeral", "text": …}`.
struct SlashCommandReply: Encodable {
    /// How one platform writes plain text literally (``SlackText`` or ``MattermostText``).
    typealias Escaping = @Sendable (String) -> String

    let responseType: String
    let text: String

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text
    }

    /// The answer for `reply`, its text escaped for the platform.
    init(_ reply: Reply, escaping: Escaping) {
        responseType = reply.visibility == .conversation && !reply.isError ? "in_channel" : "ephemeral"
        text = escaping(reply.text)
    }

    /// An answer only the sender sees.
    init(ephemeral note: String, escaping: Escaping) {
        responseType = "ephemeral"
        text = escaping(note)
    }
}
