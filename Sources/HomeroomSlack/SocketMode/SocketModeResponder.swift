import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// Answers the envelopes of every Socket Mode connection: each delivery is acknowledged at once
/// (a slash command's with its answer when the bot has it within the deadline), and each
/// command, mention or direct message is answered once, however often Slack delivers it.
///
/// Answers that do not travel in an acknowledgement go over HTTP, apart from the socket: a slash
/// command's to its `response_url`, a mention's or a direct message's with `chat.postMessage` (or,
/// for the asker alone in a channel, `chat.postEphemeral`). So a socket that drops after the
/// acknowledgement loses no answer.
struct SocketModeResponder: Sendable {
    /// Writes an acknowledgement on the connection the envelope came on.
    typealias Acknowledge = @Sendable (SocketModeAcknowledgement) async throws -> Void

    let gateway: CommandGateway
    /// Deliveries seen, by ``SocketModeEnvelope/replayKey``, on every instance sharing the database.
    let replays: ReplayGuard
    let answers: SocketModeAnswers
    let api: SlackWebAPI
    let logger: Logger

    /// How long the replay guard remembers a delivery: longer than Slack's last retry of an event
    /// (https://api.slack.com/apis/events-api — "Retries": about five minutes after the first).
    static let replayWindow: TimeInterval = 3600

    /// Slack's slash commands, answered late through the Web API's address.
    private var slashCommands: SlashCommandPlatform { .slack.answeringLateThrough(api.baseURL) }

    /// Acknowledges `envelope`, which came on `connection`, and answers what it carries, unless an
    /// earlier delivery of it was answered. When the replay guard cannot be asked, the envelope is
    /// left unacknowledged, so Slack sends it again.
    func respond(to envelope: SocketModeEnvelope, on connection: Int, acknowledge: Acknowledge) async {
        let now = gateway.clock.now
        let first: Bool
        do {
            first = try await replays.firstUse(of: envelope.replayKey, signedAt: now, now: now)
        } catch {
            logger.error("Socket Mode envelope \(envelope.envelopeID) left for Slack to send again: \(error.message)")
            return
        }
        guard first else {
            let again = answers.redelivered(envelope.deliveryKey, on: connection)
            logger.debug(
                "Socket Mode: \(envelope.deliveryKey) delivered again (retry \(envelope.retryAttempt)); answered once")
            await send(SocketModeAcknowledgement(envelopeID: envelope.envelopeID, payload: again), acknowledge)
            return
        }
        let empty = SocketModeAcknowledgement(envelopeID: envelope.envelopeID)
        switch envelope.payload {
        case .slashCommand(let form):
            await answer(form, in: envelope, on: connection, acknowledge: acknowledge)
        case .event(let callback):
            await send(empty, acknowledge)
            await answer(callback)
        case .other(let type):
            await send(empty, acknowledge)
            logger.debug("Socket Mode: a \(type) envelope acknowledged, not answered")
        case .unreadable(let reason):
            await send(empty, acknowledge)
            logger.warning("Socket Mode envelope \(envelope.envelopeID) skipped: \(reason)")
        }
    }

    /// Answers a slash command in its acknowledgement when the bot answers within the deadline,
    /// otherwise acknowledges it empty and posts the answer to its `response_url`.
    private func answer(
        _ form: SlashCommandForm, in envelope: SocketModeEnvelope, on connection: Int, acknowledge: Acknowledge
    ) async {
        let platform = slashCommands
        let key = envelope.deliveryKey
        let message: IncomingMessage
        do {
            message = try platform.message(from: form, gateway: gateway)
        } catch {
            logger.warning("Socket Mode slash command \(envelope.envelopeID) refused: \(error.message)")
            let refusal = SlashCommandMessage(responseType: "ephemeral", text: platform.escaping(error.message))
            await send(SocketModeAcknowledgement(envelopeID: envelope.envelopeID, payload: refusal), acknowledge)
            return
        }
        let responseURL = form.response_url.flatMap(URL.init(string:))
        answers.begin(key)
        let within: Duration = envelope.acceptsResponsePayload ? gateway.acknowledgeAfter : .zero
        let outcome = await gateway.answer(message, within: within) { reply in
            guard let reply else { return }
            await post(platform.answer(reply), to: responseURL)
        }
        switch outcome {
        case .onTime(let reply):
            let answer = platform.answer(reply, gateway: gateway)
            guard answers.acknowledging(key, with: answer, on: connection) else {
                await post(answer, to: responseURL)
                return
            }
            let written: Bool
            do {
                try await acknowledge(SocketModeAcknowledgement(envelopeID: envelope.envelopeID, payload: answer))
                written = true
            } catch {
                written = false
            }
            if answers.acknowledged(key, written: written) { await post(answer, to: responseURL) }
        case .late:
            answers.late(key)
            await send(SocketModeAcknowledgement(envelopeID: envelope.envelopeID), acknowledge)
        }
    }

    /// Answers a mention or a direct message with `chat.postMessage`, in the thread it was written
    /// in. In a channel, an answer for the asker alone (or an error) goes with `chat.postEphemeral`,
    /// which Slack shows in place, in that thread, to the asker alone: the channel sees nothing of
    /// it, not even a pointer. When Slack cannot show it there (the asker is not in the channel),
    /// it goes to their direct message with the bot instead.
    private func answer(_ callback: SlackEventCallback) async {
        guard
            let event = callback.message(botName: gateway.dispatcher.recognizer.botName, receivedAt: gateway.clock.now)
        else { return }
        guard let reply = await gateway.reply(to: event.message), !reply.lines.isEmpty else { return }
        let inChannel = !event.message.conversation.isDirect
        let asker = event.message.sender
        let dropped = DroppedAnswer(reply: reply, message: event.message, recognizer: gateway.dispatcher.recognizer)
        if inChannel && reply.isForAskerAlone {
            // Only the asker reads it: the whole answer, not the channel's short form. Slack reads
            // `&`, `<` and `>` as markup: what the bot repeats stays text and pings nobody.
            let text = SlackText.escaping(reply.lines.joined(separator: "\n"))
            let failure = await posting("the private answer to \(asker) in \(event.channel)", dropped) {
                () async throws(SlackAPIFailure) in
                _ = try await api.postEphemeral(
                    channel: event.channel, user: event.user, text: text, threadTS: event.threadTS)
            }
            guard failure?.code == "user_not_in_channel" else { return }
            _ = await posting("the private answer to \(asker), in a direct message", dropped) {
                () async throws(SlackAPIFailure) in
                let direct = try await api.openDirectMessage(user: event.user)
                _ = try await api.postMessage(channel: direct, text: text)
            }
            return
        }
        let lines = inChannel ? (reply.channelLines.flatMap { $0.isEmpty ? nil : $0 } ?? reply.lines) : reply.lines
        let text = SlackText.escaping(lines.joined(separator: "\n"))
        _ = await posting("the answer to \(asker) in \(event.channel)", dropped) { () async throws(SlackAPIFailure) in
            _ = try await api.postMessage(channel: event.channel, text: text, threadTS: event.threadTS)
        }
    }

    /// Runs `post` until it succeeds, waiting out rate limits and outages: the envelope is
    /// acknowledged already, so Slack will not send it again. `what` is given up (logged with
    /// `dropped`, which names the answer without its words) after ``postAttempts`` tries, on a
    /// permanent failure, when Slack asks for a wait longer than ``longestWait`` (a try before its
    /// `Retry-After` ends would be refused again), or when the bot stops meanwhile. Returns the
    /// failure it was given up on, nil when it went out.
    private func posting(
        _ what: String, _ dropped: DroppedAnswer, _ post: () async throws(SlackAPIFailure) -> Void
    ) async -> SlackAPIFailure? {
        var attempt = 1
        while true {
            let failure: SlackAPIFailure
            do throws(SlackAPIFailure) {
                try await post()
                return nil
            } catch {
                failure = error
            }
            let delivery = failure.delivery
            let wait = max(delivery.retryAfter ?? Double(attempt), 0.5)
            guard !delivery.isPermanent, attempt < Self.postAttempts, !Task.isCancelled else {
                logger.error("\(what) was not posted (\(dropped)): \(failure)")
                return failure
            }
            guard wait <= Self.longestWait else {
                let asked = "Slack asked for a wait of \(wait) s, over \(Self.longestWait) s"
                logger.error("\(what) was not posted (\(dropped)): \(asked): \(failure)")
                return failure
            }
            logger.warning("\(what) waits \(wait) s to be posted: \(failure)")
            do {
                try await gateway.clock.sleep(until: gateway.clock.now.addingTimeInterval(wait))
            } catch {
                logger.error("\(what) was not posted (\(dropped)): the bot is stopping")
                return SlackAPIFailure(DeliveryFailure("\(what) was not posted: the bot is stopping"))
            }
            attempt += 1
        }
    }

    /// How many times an answer to a mention or a direct message is posted before it is given up.
    static let postAttempts = 4
    /// The longest wait between two of them, in seconds; Slack asking for longer gives the answer up.
    static let longestWait = 30.0

    /// Writes an acknowledgement; when the socket is gone, Slack sends the envelope again.
    private func send(_ acknowledgement: SocketModeAcknowledgement, _ acknowledge: Acknowledge) async {
        do {
            try await acknowledge(acknowledgement)
        } catch {
            logger.debug("Socket Mode: the acknowledgement of \(acknowledgement.envelopeID) was not sent: \(error)")
        }
    }

    /// Posts a slash command's answer to its `response_url`; without one, it is logged as lost.
    private func post(_ answer: SlashCommandMessage, to responseURL: URL?) async {
        guard let responseURL else {
            logger.error("a Socket Mode slash command's answer is lost: the command had no response_url")
            return
        }
        await slashCommands.post(answer, to: responseURL, gateway: gateway)
    }
}
