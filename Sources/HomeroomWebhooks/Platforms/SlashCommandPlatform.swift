import Foundation
import HomeroomCore
import Hummingbird

/// Slack or Mattermost. Both post a slash command as the same form (``SlashCommandForm``), take
/// its answer in the same JSON, in the response or later at `response_url`, and take a
/// notification at an incoming webhook as `{"text": …}` (``SlashCommandMessage``). What differs is
/// held here as data: the adapter name, how the platform shows text literally, whether the
/// sender's id is vouched for, and how a form from a direct message is told apart.
package struct SlashCommandPlatform: Sendable {
    /// The adapter, named in user ids and in the outbox.
    package let platform: WebhookPlatform
    /// How the platform writes plain text literally (``SlackText`` or ``MattermostText``).
    package let escaping: @Sendable (String) -> String
    /// True when the form's `user_id` counts as verified (roles in force without a PIN login):
    /// Slack signs its requests; a Mattermost command token proves only that the sender holds it.
    package var sendersAreVerified: Bool
    /// Whether the form came from a direct message rather than a channel.
    package let isDirect: @Sendable (SlashCommandForm) -> Bool
    /// The platform's address an admin set (Slack's `apiBaseURL`, Mattermost's `serverURL`): a
    /// `response_url` comes from a request's body, so the `fetch` settings open private and loopback
    /// addresses for it only on this address's host, and only when `fetch.allowedHosts` names that
    /// host. Nil: a `response_url` reaches public addresses only.
    package var platformAddress: URL?

    /// A platform of its adapter name, text escaping, trust in its senders' ids and way of telling
    /// a direct message; its `response_url`s reach public addresses only.
    package init(
        platform: WebhookPlatform, escaping: @escaping @Sendable (String) -> String, sendersAreVerified: Bool,
        isDirect: @escaping @Sendable (SlashCommandForm) -> Bool
    ) {
        self.platform = platform
        self.escaping = escaping
        self.sendersAreVerified = sendersAreVerified
        self.isDirect = isDirect
    }

    /// The same platform, its `response_url`s reached as a link from `address` (nil: public only).
    package func answeringLateThrough(_ address: URL?) -> SlashCommandPlatform {
        var platform = self
        platform.platformAddress = address
        return platform
    }

    /// The same platform with its senders' ids verified or not.
    package func trustingSenders(_ verified: Bool) -> SlashCommandPlatform {
        var platform = self
        platform.sendersAreVerified = verified
        return platform
    }

    /// Answers the slash command in `request`, whose signature or token is already checked: in
    /// the response when the bot answers within the gateway's deadline, otherwise an empty
    /// acknowledgement now and the answer posted to `response_url` when it is ready.
    package func answer(_ request: RawRequest, gateway: CommandGateway) async throws(WebhookRejection) -> Response {
        try await answer(request.form(SlashCommandForm.self), gateway: gateway)
    }

    /// Answers the slash command `form`, already read from a request whose token is checked, in
    /// the response or later at its `response_url`.
    package func answer(_ form: SlashCommandForm, gateway: CommandGateway) async throws(WebhookRejection) -> Response {
        let message = try message(from: form, gateway: gateway)
        let responseURL = form.response_url.flatMap(URL.init(string:))
        let outcome = await gateway.answer(message) { [self] reply in
            guard let reply, let responseURL else { return }
            await post(answer(reply), to: responseURL, gateway: gateway)
        }
        switch outcome {
        case .onTime(let reply): return JSONBody.response(answer(reply, gateway: gateway))
        case .late: return Response(status: .ok)
        }
    }

    /// The message a slash command's fields stand for; 400 when they name no team, user or channel.
    package func message(from form: SlashCommandForm, gateway: CommandGateway) throws(WebhookRejection) -> IncomingMessage {
        guard !form.team_id.isEmpty, !form.user_id.isEmpty, !form.channel_id.isEmpty else {
            throw .badRequest("team_id, user_id and channel_id must not be empty")
        }
        return IncomingMessage(
            sender: UserID(adapter: platform.rawValue, id: "\(form.team_id):\(form.user_id)"),
            senderIsVerified: sendersAreVerified, conversation: isDirect(form) ? .direct : .channel(form.channel_id),
            text: gateway.commandText(command: form.command, text: form.text ?? ""),
            command: gateway.platformCommand(command: form.command, text: form.text ?? ""),
            receivedAt: gateway.clock.now)
    }

    /// The answer to a command answered in time: `reply`, or, when the bot stays silent, a note
    /// only the sender sees.
    package func answer(_ reply: Reply?, gateway: CommandGateway) -> SlashCommandMessage {
        guard let reply else {
            return SlashCommandMessage(responseType: "ephemeral", text: escaping(gateway.silenceNote))
        }
        return answer(reply)
    }

    /// Posts a late `answer` to the command's `response_url`; a failure is logged.
    package func post(_ answer: SlashCommandMessage, to responseURL: URL, gateway: CommandGateway) async {
        do {
            let provenance = platformAddress.map { FetchProvenance.linked(from: $0) } ?? .requestBody
            try await gateway.poster.post(JSONBody.encode(answer), to: responseURL, provenance: provenance)
        } catch {
            gateway.logger.error("a late \(platform.rawValue) answer could not be posted to its response_url: \(error)")
        }
    }

    /// `reply` as a slash command's answer: in the channel when it is for the conversation and not
    /// an error, otherwise only the sender sees it.
    package func answer(_ reply: Reply) -> SlashCommandMessage {
        SlashCommandMessage(
            responseType: reply.isForAskerAlone ? "ephemeral" : "in_channel",
            text: escaping(reply.text))
    }

    /// A notification of `lines` for an incoming webhook.
    package func notification(_ lines: [String]) -> SlashCommandMessage {
        SlashCommandMessage(responseType: nil, text: escaping(Reply(lines: lines).text))
    }
}
