import Foundation
import HomeroomCore

/// The JSON Slack and Mattermost take as a slash command's answer, both in the HTTP response
/// and posted to `response_url`: `{"response_type": "in_channel" | "ephemeral", "text": …}`.
struct SlashCommandReply: Encodable {
    let responseType: String
    let text: String

    enum CodingKeys: String, CodingKey {
        case responseType = "response_type"
        case text
    }

    /// The answer for `reply`; Slack's text needs `&`, `<` and `>` escaped, Mattermost's does not.
    init(_ reply: Reply, escapeForSlack: Bool) {
        responseType = reply.visibility == .conversation && !reply.isError ? "in_channel" : "ephemeral"
        text = escapeForSlack ? reply.text.escapingMarkup : reply.text
    }

    /// An answer only the sender sees.
    init(ephemeral note: String) {
        responseType = "ephemeral"
        text = note
    }
}
