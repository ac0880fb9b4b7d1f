import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /google-chat/events`: a Google Chat app's interaction events
/// (https://developers.google.com/workspace/chat/receive-respond-interactions). The bearer token is
/// checked first (``GoogleChatTokenCheck``). A message is answered in the HTTP response when the
/// bot answers in time (Google waits 30 seconds); a later answer goes through the Chat API into
/// the same space and thread when a service account is configured, and is logged and dropped
/// otherwise. In a space, an answer for the asker alone (``Reply/Visibility/sender``, or an error)
/// is a private message, which Google Chat shows in place to the asker alone; the space sees
/// nothing of it. Whenever an event comes from a person's direct message with the app, its space
/// is remembered, so notifications can reach them there.
///
/// Each event is run once: one whose message (or, without a message, whose type, space, user and
/// time) was seen before while its token could still be used is refused as a replay.
struct GoogleChatEndpoint: Sendable {
    /// An answer: a message with `text`, or `{}` for none
    /// (https://developers.google.com/workspace/chat/receive-respond-interactions —
    /// "Respond to interaction events"); with `privateMessageViewer`, a private message only that
    /// person sees (https://developers.google.com/workspace/chat/private-messages — "Respond to a
    /// slash command privately"; https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages —
    /// "Resource: Message", `privateMessageViewer`).
    struct Answer: Encodable {
        let text: String?
        var privateMessageViewer: GoogleChatViewer? = nil
    }

    let settings: GoogleChatSettings
    let gateway: CommandGateway
    let tokens: GoogleChatTokenCheck
    /// The Chat API for late answers; nil without a service account.
    let api: GoogleChatAPI?
    let directSpaces: GoogleChatDirectSpaces
    /// The events run, each remembered until its token can no longer be used.
    let replays: ReplayGuard

    init(settings: GoogleChatSettings, dependencies: WebhookServer.Dependencies, gateway: CommandGateway) {
        self.settings = settings
        self.gateway = gateway
        tokens = GoogleChatTokenCheck(settings: settings, dependencies: dependencies)
        api = GoogleChatAPI(settings: settings, timeout: gateway.poster.timeout, dependencies: dependencies)
        directSpaces = GoogleChatDirectSpaces(database: dependencies.database)
        replays = ReplayGuard.make(
            window: Self.replayWindowAfterExpiry, database: dependencies.database, logger: dependencies.logger)
    }

    /// How long after its token's `exp` an event is remembered: past the verifier's leeway, the
    /// last moment that token is accepted.
    static let replayWindowAfterExpiry: TimeInterval = 2 * RegisteredClaims.leeway
    /// The longest an event is remembered from now, whatever its token's `exp` says (Google's
    /// tokens last an hour).
    static let longestReplayMemory: TimeInterval = 2 * 3600

    /// The wait for an answer in the response, under Google's 30 seconds.
    var answerDeadline: Duration { .milliseconds(Int64((settings.answerWithinSeconds * 1000).rounded())) }

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard settings.takesEvents else { throw .notSetUp("Google Chat", key: "googleChat.projectNumber") }
        let expiry = try await tokens.check(request)
        let event = try JSONBody.decode(GoogleChatEvent.self, from: request.body)
        try await checkFirstDelivery(of: event, tokenExpiry: expiry)
        guard let user = event.user ?? event.message?.sender else { throw .badRequest("the event names no user") }
        // https://developers.google.com/workspace/chat/api/reference/rest/v1/User — "Type": another app.
        if user.type == "BOT" { return JSONBody.response(Answer(text: nil)) }
        guard let number = user.number, let platformID = user.platformID else {
            throw .badRequest("the event's user is not named users/NUMBER")
        }
        let space = event.space?.name.flatMap(GoogleChatAPI.spaceName)
        let isDirect = event.space?.isDirect ?? false
        switch event.type {
        case "MESSAGE":
            if isDirect, let space { await remember(space, of: number, person: platformID) }
            guard let message = event.message else { throw .badRequest("a MESSAGE event without its message") }
            guard let space else { throw .badRequest("the event's space is not named spaces/NAME") }
            return await answer(message, from: platformID, number: number, in: space, isDirect: isDirect)
        case "ADDED_TO_SPACE":
            if isDirect, let space { await remember(space, of: number, person: platformID) }
            // Added by a mention that asked something: answer that
            // (https://developers.google.com/workspace/chat/interaction-events — "Added to space").
            if let message = event.message, message.slashCommand != nil || !(message.argumentText ?? "").isEmpty,
                let space
            {
                return await answer(message, from: platformID, number: number, in: space, isDirect: isDirect)
            }
            return JSONBody.response(Answer(text: GoogleChatText.escaping(welcome(isDirect: isDirect))))
        case "REMOVED_FROM_SPACE":
            if isDirect { await forget(number) }
            return Response(status: .ok)
        default:
            // CARD_CLICKED and the rest: Homeroom sends no cards.
            return JSONBody.response(Answer(text: nil))
        }
    }

    /// The events that do something: a command, a welcome, a direct-message space remembered or
    /// forgotten. The rest (`CARD_CLICKED`, …) are answered with nothing, however often they come.
    static let actingEventTypes: Set<String> = ["MESSAGE", "ADDED_TO_SPACE", "REMOVED_FROM_SPACE"]

    /// Refuses `event` when it was run before (a replay, or Google sending it again); remembers it
    /// until its token, which expires at `tokenExpiry`, is refused. An event with nothing to tell
    /// it apart is refused only when it would run a command.
    private func checkFirstDelivery(of event: GoogleChatEvent, tokenExpiry: Date) async throws(WebhookRejection) {
        guard Self.actingEventTypes.contains(event.type) else { return }
        guard let key = event.replayKey else {
            if event.message != nil, event.type == "MESSAGE" || event.type == "ADDED_TO_SPACE" {
                throw .badRequest("the event's message has no name")
            }
            return
        }
        let now = gateway.clock.now
        let until = min(tokenExpiry, now.addingTimeInterval(Self.longestReplayMemory - Self.replayWindowAfterExpiry))
        guard try await replays.firstUse(of: key, signedAt: until, now: now) else {
            throw .unauthorized("this event was already received (a replay)")
        }
    }

    /// Runs `message` through the bot; the answer goes in the response, or later through the API.
    /// In a space, an answer for the asker alone is a private message to `users/NUMBER`.
    private func answer(
        _ message: GoogleChatEvent.Message, from platformID: String, number: String, in space: String, isDirect: Bool
    ) async -> Response {
        let incoming = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.googlechat.rawValue, id: platformID), senderIsVerified: true,
            conversation: isDirect ? .direct : .channel(space), text: text(of: message, isDirect: isDirect),
            receivedAt: gateway.clock.now)
        let (api, logger, recognizer) = (api, gateway.logger, gateway.dispatcher.recognizer)
        let thread = message.thread?.name
        let requestID = GoogleChatAPI.requestID(for: "answer:\(message.name ?? UUID().uuidString)")
        let viewer = GoogleChatViewer(number: number)
        let outcome = await gateway.answer(incoming, within: answerDeadline) { reply in
            guard let reply else { return }
            let privately = Self.isPrivate(reply, isDirect: isDirect)
            guard let api else {
                let dropped = DroppedAnswer(reply: reply, message: incoming, recognizer: recognizer)
                logger.notice("a Google Chat answer came after Google stopped waiting and was dropped: \(dropped)")
                return
            }
            do {
                let posted = try await api.createMessage(
                    in: space, text: GoogleChatText.message(reply), thread: thread,
                    privatelyTo: privately ? viewer : nil, requestID: requestID)
                if !posted {
                    logger.warning("a late Google Chat answer was not posted: the app is no longer in \(space)")
                }
            } catch {
                logger.warning("a late Google Chat answer to \(space) was not posted: \(error)")
            }
        }
        switch outcome {
        case .onTime(let reply?):
            return JSONBody.response(
                Answer(
                    text: GoogleChatText.message(reply),
                    privateMessageViewer: Self.isPrivate(reply, isDirect: isDirect) ? viewer : nil))
        case .onTime(nil), .late: return JSONBody.response(Answer(text: nil))
        }
    }

    /// True when `reply` is for the asker alone and would otherwise be seen by a whole space: it
    /// then goes as a private message. A direct message is private already.
    static func isPrivate(_ reply: Reply, isDirect: Bool) -> Bool {
        !isDirect && reply.isForAskerAlone
    }

    /// The command text of `message`: a slash command as `/NAME ARGUMENTS`; in a space, the text
    /// after the app's mention, addressed to the bot; in a direct message, the text as typed.
    private func text(of message: GoogleChatEvent.Message, isDirect: Bool) -> String {
        if let command = message.slashCommandName {
            return gateway.commandText(command: command, text: message.argumentText ?? "")
        }
        if !isDirect, let argument = message.argumentText {
            let asked = argument.trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(gateway.dispatcher.recognizer.botName): \(asked.isEmpty ? "help" : asked)"
        }
        return message.text ?? ""
    }

    /// The welcome where the app was added: a direct message or a space. It answers no reply, so
    /// no language is known yet: English.
    private func welcome(isDirect: Bool) -> String {
        let words = Words(.googleChat, .english)
        return isDirect
            ? words(
                "Hello! Type {command} to see what I can do; your notifications will come here.", ["command": "help"])
            : words("Hello! Mention me with {command} to see what I can do.", ["command": "help"])
    }

    private func remember(_ space: String, of number: String, person platformID: String) async {
        do {
            try await directSpaces.remember(
                space, of: number, person: UserID(adapter: WebhookPlatform.googlechat.rawValue, id: platformID),
                at: gateway.clock.now)
        } catch {
            gateway.logger.warning(
                "the direct-message space of Google Chat user \(number) was not remembered: \(error)")
        }
    }

    private func forget(_ number: String) async {
        do {
            try await directSpaces.forget(number)
        } catch {
            gateway.logger.warning("the direct-message space of Google Chat user \(number) was not forgotten: \(error)")
        }
    }
}
