import Foundation
import HomeroomCore
import Hummingbird

/// `POST /mattermost/commands`: a Mattermost slash command, authenticated by its token; answers
/// like Slack (in the response, or later through `response_url`).
struct MattermostEndpoint: Sendable {
    /// The token alone, checked before anything else in the form is read.
    struct Credentials: Decodable {
        let token: String?
    }

    let tokens: TokenList
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard !tokens.isEmpty else { throw .notSetUp("Mattermost commands", key: "mattermost.tokens") }
        guard let token = try request.form(Credentials.self).token, !token.isEmpty else {
            throw .unauthorized("the command token is missing")
        }
        guard tokens.owner(of: token) != nil else { throw .unauthorized("the command token does not match") }
        let form = try request.form(SlashCommandForm.self)
        guard !form.team_id.isEmpty, !form.user_id.isEmpty, !form.channel_id.isEmpty else {
            throw .badRequest("team_id, user_id and channel_id must not be empty")
        }
        // Mattermost names a direct channel after its two members: "userid1__userid2".
        let direct = form.channel_name?.contains("__") ?? false
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.mattermost.rawValue, id: "\(form.team_id):\(form.user_id)"),
            senderIsVerified: true, conversation: direct ? .direct : .channel(form.channel_id),
            text: gateway.commandText(command: form.command, text: form.text ?? ""), receivedAt: gateway.clock.now)
        return await gateway.answerSlashCommand(
            message, responseURL: form.response_url, escaping: MattermostText.escaping)
    }
}
