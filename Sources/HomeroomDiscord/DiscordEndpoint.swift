import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /discord/interactions`: Discord's interactions endpoint. Every request is checked
/// against the application's Ed25519 key (Discord itself sends bad signatures to make sure);
/// PING gets PONG; a slash command gets its answer, or a deferral when it takes longer than the
/// deadline, followed by an edit of the deferred message.
struct DiscordEndpoint: Sendable {
    let signature: DiscordSignature?
    let replays: ReplayGuard
    let apiBaseURL: URL
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let signature else { throw .notSetUp("Discord interactions", key: "discord.publicKey") }
        try await gateway.checkSignedRequest(
            request, signatureHeader: "X-Signature-Ed25519", timestampHeader: "X-Signature-Timestamp",
            replays: replays, platform: "Discord", decode: DiscordSignature.signature(in:)
        ) { signed, timestamp in
            signature.isValid(signature: signed, timestamp: timestamp, body: request.body)
        }
        let interaction = try JSONBody.decode(DiscordInteraction.self, from: request.body)
        switch interaction.type {
        case DiscordInteraction.ping:
            return JSONBody.response(DiscordResponse.pong)
        case DiscordInteraction.applicationCommand:
            return try await answer(interaction)
        default:
            throw .badRequest("interaction type \(interaction.type) is not handled (only PING and slash commands)")
        }
    }

    private func answer(_ interaction: DiscordInteraction) async throws(WebhookRejection) -> Response {
        guard let data = interaction.data, let userID = interaction.member?.user.id ?? interaction.user?.id else {
            throw .badRequest("a slash command needs data and a member or user")
        }
        let arguments = DiscordInteraction.arguments(of: data.options ?? []).joined(separator: " ")
        let conversation: Conversation =
            interaction.guild_id != nil ? .channel(interaction.channel_id ?? "unknown") : .direct
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.discord.rawValue, id: "\(interaction.guild_id ?? "dm"):\(userID)"),
            senderIsVerified: true, conversation: conversation,
            text: gateway.commandText(command: data.name, text: arguments),
            command: gateway.platformCommand(command: data.name, text: arguments), receivedAt: gateway.clock.now)
        let followUp = followUpURL(interaction)
        let gateway = gateway
        let outcome = await gateway.answer(message) { reply in
            guard let followUp else { return }
            let body = DiscordResponse.Message(reply ?? Reply(gateway.silenceNote))
            do {
                try await gateway.poster.post(JSONBody.encode(body), to: followUp, method: "PATCH")
            } catch {
                gateway.logger.error("a late Discord answer could not be sent: \(error)")
            }
        }
        switch outcome {
        case .onTime(let reply?): return JSONBody.response(DiscordResponse.message(reply))
        case .onTime(nil): return JSONBody.response(DiscordResponse.note(gateway.silenceNote))
        case .late: return JSONBody.response(DiscordResponse.deferred)
        }
    }

    /// Where the deferred message is edited: `{api}/webhooks/{application}/{token}/messages/@original`.
    private func followUpURL(_ interaction: DiscordInteraction) -> URL? {
        guard let application = interaction.application_id, let token = interaction.token,
            application.allSatisfy(\.isNumber), !token.contains("/")
        else { return nil }
        return apiBaseURL.appendingPathComponent("webhooks").appendingPathComponent(application)
            .appendingPathComponent(token).appendingPathComponent("messages").appendingPathComponent("@original")
    }
}
