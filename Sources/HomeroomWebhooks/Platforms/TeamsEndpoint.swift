import Foundation
import HomeroomCore
import Hummingbird

/// `POST /teams/messages`: a Teams outgoing webhook (someone @mentioned the bot in a channel).
/// The HMAC over the body is checked first. Teams signs no timestamp, so each HMAC is accepted
/// once: the replay guard keeps it for twice the timestamp tolerance after it arrived, and the
/// activity's own `timestamp` (inside the signed body) must be within the tolerance of the clock.
/// A request with the very same body is refused within that window; every new message differs (its
/// id and time are in the body). Teams waits 5 seconds and offers no way to answer later, so a
/// command that takes longer gets a "still working" note instead.
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

    /// How long Homeroom waits before the "still working" note, under Teams' 5 seconds.
    static let deadline = Duration.milliseconds(4500)

    let signature: TeamsSignature?
    let replays: ReplayGuard
    let gateway: CommandGateway

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
        if let sentAt = activity.sentAt {
            try SignedTimestamp.check(sentAt, now: now, tolerance: gateway.timestampTolerance)
        }
        guard try await replays.firstUse(of: code, signedAt: now, now: now) else {
            throw .unauthorized("this request was already received (a replay)")
        }
        let typed = activity.typedText
        let botName = gateway.dispatcher.recognizer.botName
        let message = IncomingMessage(
            sender: UserID(
                adapter: WebhookPlatform.teams.rawValue,
                id: "\(activity.tenant):\(activity.from.aadObjectId ?? activity.from.id)"),
            senderIsVerified: true, conversation: .channel(activity.channel),
            // The bot was mentioned, so the text is addressed to it even without a prefix.
            text: "\(botName): \(typed.isEmpty ? "help" : typed)", receivedAt: gateway.clock.now)
        let gateway = gateway
        let outcome = await gateway.answer(message, within: Self.deadline) { reply in
            gateway.logger.notice(
                "a Teams answer came after Teams stopped waiting and was dropped: \(reply?.text ?? "")")
        }
        switch outcome {
        case .onTime(let reply?): return JSONBody.response(Answer(reply))
        case .onTime(nil): return JSONBody.response(Answer(note: gateway.silenceNote))
        case .late: return JSONBody.response(Answer(note: "still working on that — ask again in a minute"))
        }
    }
}
