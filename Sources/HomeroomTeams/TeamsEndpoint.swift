import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

/// `POST /teams/messages`: a Teams outgoing webhook (someone @mentioned the bot in a channel).
/// The HMAC over the body is checked first. Teams signs no timestamp, so each HMAC is accepted
/// once: the replay guard keeps it for twice the timestamp tolerance after it arrived, and the
/// activity's own `timestamp` (inside the signed body) must be there, readable, and within the
/// tolerance of the clock. A request with the very same body is refused within that window; every
/// new message differs (its id and time are in the body). Teams waits 5 seconds and offers no way to
/// answer later, so a command that takes longer gets a "still working" note instead.
///
/// An outgoing webhook answers only into the channel, which everyone in it reads. An answer for the
/// asker alone is therefore never put there: when this server also runs the Teams bot and the bot
/// knows the asker, it is queued for the bot to deliver to their personal chat, and the channel is
/// told so; otherwise the channel is told to ask the bot in a personal chat (or, without a bot, that
/// the answer is not shown).
struct TeamsEndpoint: Sendable {
    /// An answer: `{"type": "message", "text": …}`.
    struct Answer: Encodable {
        let type = "message"
        let text: String

        /// The reply's lines as Teams shows them: escaped, one per line.
        init(_ reply: Reply) {
            text = reply.lines.map(TeamsText.escaping).joined(separator: "<br>")
        }

        init(note: String) {
            text = TeamsText.escaping(note)
        }
    }

    /// Where answers for the asker alone go when this server also runs the Teams bot: the bot's
    /// conversation references (who it can reach) and the outbox it delivers from.
    struct BotDelivery: Sendable {
        let references: TeamsConversationReferences
        let outbox: Outbox

        /// The delivery of `settings`' bot, or nil when it has none.
        init?(settings: TeamsSettings, dependencies: WebhookServer.Dependencies) {
            guard settings.appID != nil, settings.appPassword != nil else { return nil }
            references = TeamsConversationReferences(database: dependencies.database)
            outbox = dependencies.outbox
        }
    }

    let signature: TeamsSignature?
    let replays: ReplayGuard
    let gateway: CommandGateway
    /// How long the request waits for the answer before the "still working" note.
    let answerWithin: Duration
    /// Nil without a Teams bot: answers for the asker alone are then not shown at all.
    let bot: BotDelivery?

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let signature else { throw .notSetUp("Teams outgoing webhooks", key: "teams.secret") }
        guard let authorization = request.header("Authorization") else {
            throw .unauthorized("the Authorization header is missing")
        }
        guard let code = TeamsSignature.code(in: authorization), signature.isValid(code: code, body: request.body)
        else {
            throw .unauthorized("the Teams HMAC does not match")
        }
        let activity = try JSONBody.decode(TeamsActivity.self, from: request.body)
        let now = gateway.clock.now
        guard let sentAt = activity.sentAt else { throw .unauthorized("the activity has no readable timestamp") }
        try SignedTimestamp.check(sentAt, now: now, tolerance: gateway.timestampTolerance)
        guard try await replays.firstUse(of: code, signedAt: now, now: now) else {
            throw .unauthorized("this request was already received (a replay)")
        }
        let typed = activity.typedText
        let botName = gateway.dispatcher.recognizer.botName
        let sender = UserID(
            adapter: WebhookPlatform.teams.rawValue,
            id: "\(activity.tenant):\(activity.from.aadObjectId ?? activity.from.id)")
        let message = IncomingMessage(
            sender: sender, senderIsVerified: true, conversation: .channel(activity.channel), workspace: activity.team,
            // The bot was mentioned, so the text is addressed to it even without a prefix.
            text: "\(botName): \(typed.isEmpty ? "help" : typed)", receivedAt: gateway.clock.now)
        let key = "teams-answer:" + HexBytes.encode(code)
        let endpoint = self
        let outcome = await gateway.answer(message, within: answerWithin) { reply in
            guard let reply else { return }
            if reply.isForAskerAlone, (await endpoint.deliverPrivately(reply, to: sender, key: key)).queued { return }
            let dropped = DroppedAnswer(
                reply: reply, message: message, recognizer: endpoint.gateway.dispatcher.recognizer)
            if reply.isForAskerAlone {
                let line = "a Teams answer for the asker alone came after Teams stopped waiting and was not queued "
                endpoint.gateway.logger.notice("\(line)for their personal chat: \(dropped)")
            } else {
                endpoint.gateway.logger.notice(
                    "a Teams answer came after Teams stopped waiting and was dropped: \(dropped)")
            }
        }
        switch outcome {
        case .onTime(let reply?) where reply.isForAskerAlone:
            return JSONBody.response(Answer(note: await deliverPrivately(reply, to: sender, key: key).note))
        case .onTime(let reply?): return JSONBody.response(Answer(reply))
        case .onTime(nil): return JSONBody.response(Answer(note: gateway.silenceNote))
        case .late:
            // The answer is not in yet, so neither is its language.
            let words = Words(.teams, .english)
            return JSONBody.response(Answer(note: TeamsPrivateAnswer.stillWorking(botName: botName, words)))
        }
    }

    /// Queues `reply` for the Teams bot to deliver to `sender`'s personal chat (once for `key`);
    /// returns what the channel is told instead of the answer (in the reply's language), and
    /// whether it was queued.
    private func deliverPrivately(
        _ reply: Reply, to sender: UserID, key: String
    ) async -> (note: String, queued: Bool) {
        let botName = gateway.dispatcher.recognizer.botName
        let words = Words(.teams, reply.language ?? .english)
        guard let bot else { return (TeamsPrivateAnswer.notShownInChannel(words), false) }
        do {
            guard try await bot.references.person(sender.id) != nil else {
                return (TeamsPrivateAnswer.askInPersonalChat(botName: botName, words), false)
            }
            try await bot.outbox.enqueue(
                adapter: WebhookPlatform.teams.rawValue, target: .user(sender), lines: reply.lines, idempotencyKey: key)
            return (TeamsPrivateAnswer.sentToPersonalChat(botName: botName, words), true)
        } catch {
            gateway.logger.warning(
                "an answer for \(sender) alone could not be queued for their personal chat: \(error)")
            return (TeamsPrivateAnswer.askInPersonalChat(botName: botName, words), false)
        }
    }
}
