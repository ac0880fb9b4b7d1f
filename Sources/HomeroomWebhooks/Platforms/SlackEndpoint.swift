import Foundation
import HomeroomCore
import Hummingbird

/// `POST /slack/commands`: a Slack slash command. The signature is checked over the raw body
/// first; the answer goes back in the response, or, when the command takes longer than the
/// deadline, the request is acknowledged and the answer posted to `response_url`.
struct SlackEndpoint: Sendable {
    let signature: SlackSignature?
    let replays: ReplayGuard
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let signature else { throw .notSetUp("Slack commands", key: "slack.signingSecret") }
        try gateway.checkSignedRequest(
            request, signatureHeader: "X-Slack-Signature", timestampHeader: "X-Slack-Request-Timestamp",
            replays: replays, platform: "Slack", decode: SlackSignature.code(in:)
        ) { code, timestamp in
            signature.isValid(code: code, timestamp: timestamp, body: request.body)
        }
        let form = try request.form(SlashCommandForm.self)
        guard !form.team_id.isEmpty, !form.user_id.isEmpty, !form.channel_id.isEmpty else {
            throw .badRequest("team_id, user_id and channel_id must not be empty")
        }
        let direct = form.channel_name == "directmessage" || form.channel_id.hasPrefix("D")
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.slack.rawValue, id: "\(form.team_id):\(form.user_id)"),
            senderIsVerified: true, conversation: direct ? .direct : .channel(form.channel_id),
            text: gateway.commandText(command: form.command, text: form.text ?? ""), receivedAt: gateway.clock.now)
        return await gateway.answerSlashCommand(message, responseURL: form.response_url, escaping: SlackText.escaping)
    }
}
