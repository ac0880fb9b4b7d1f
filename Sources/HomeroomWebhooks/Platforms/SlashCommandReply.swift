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
        text = escapeForSlack ? Self.slackEscaped(reply.text) : reply.text
    }

    /// An answer only the sender sees.
    init(ephemeral note: String) {
        responseType = "ephemeral"
        text = note
    }

    /// Slack's three control characters in message text, escaped as its documentation asks.
    static func slackEscaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
