import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /slack/commands`: a Slack slash command. The signature is checked over the raw body
/// first; then it is answered as ``SlashCommandPlatform/slack``, late answers going to a
/// `response_url` as a link from the Slack API's address (`webhooks.slack.apiBaseURL`).
struct SlackEndpoint: Sendable {
    let signature: SlackSignature?
    let apiBaseURL: URL
    let replays: ReplayGuard
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let signature else { throw .notSetUp("Slack commands", key: "slack.signingSecret") }
        try await gateway.checkSignedRequest(
            request, signatureHeader: "X-Slack-Signature", timestampHeader: "X-Slack-Request-Timestamp",
            replays: replays, platform: "Slack", decode: SlackSignature.code(in:)
        ) { code, timestamp in
            signature.isValid(code: code, timestamp: timestamp, body: request.body)
        }
        return try await SlashCommandPlatform.slack.answeringLateThrough(apiBaseURL).answer(request, gateway: gateway)
    }
}
