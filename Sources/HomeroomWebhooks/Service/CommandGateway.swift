import Foundation
import HomeroomCore
import HomeroomEngine
import Logging

/// What every platform endpoint shares: the bot's message path (its conversation desk and
/// dispatcher), the clock signed requests are checked against, the deadline for answers, and the
/// work that outlives a request.
package struct CommandGateway: Sendable {
    package let dispatcher: Dispatcher
    /// Where each question takes its place: a question the same person is still being answered in
    /// the same channel waits for that answer, and no more than the desk's cap are answered at once.
    package let conversation: ResponseDesk
    package let clock: any HomeroomClock
    package let deferred: TaskQueue
    package let poster: WebhookPoster
    package let acknowledgeAfter: Duration
    package let timestampTolerance: TimeInterval
    package let logger: Logger

    /// A gateway to `dispatcher` that waits `acknowledgeAfter` for an answer, checks signed
    /// requests' times against `clock` within `timestampTolerance`, and runs late work on `deferred`.
    package init(
        dispatcher: Dispatcher, clock: any HomeroomClock, deferred: TaskQueue, poster: WebhookPoster,
        acknowledgeAfter: Duration, timestampTolerance: TimeInterval, logger: Logger
    ) {
        self.dispatcher = dispatcher
        conversation = ResponseDesk(
            budget: UnmeteredBudget(), channelAnswers: dispatcher.channelAnswers, platform: ExactNames(), clock: clock)
        self.clock = clock
        self.deferred = deferred
        self.poster = poster
        self.acknowledgeAfter = acknowledgeAfter
        self.timestampTolerance = timestampTolerance
        self.logger = logger
    }

    /// The prefix commands are written with in answers (`/`).
    package var prefix: String { dispatcher.recognizer.preferredPrefix }

    /// The text a slash command stands for: `/lunch tomorrow` for command `/lunch` and text
    /// `tomorrow`; for a command named after the bot (`/homeroom lunch`) the text is the command.
    package func commandText(command: String, text: String) -> String {
        let name = command.hasPrefix("/") ? String(command.dropFirst()) : command
        let arguments = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.lowercased() == dispatcher.recognizer.botName {
            return prefix + (arguments.isEmpty ? "help" : arguments)
        }
        return arguments.isEmpty ? prefix + name : "\(prefix)\(name) \(arguments)"
    }

    /// The command a slash command names, as the platform parsed it: `lunch` with arguments
    /// `tomorrow` for command `/lunch` and text `tomorrow`. Nil for a command named after the bot
    /// (`/homeroom lunch`), whose text is recognised as the bot's name followed by it would be, and
    /// for a name no command has (one that does not start with a letter).
    package func platformCommand(command: String, text: String) -> PlatformCommand? {
        let name = command.hasPrefix("/") ? String(command.dropFirst()) : command
        guard let first = name.first, first.isLetter, name.lowercased() != dispatcher.recognizer.botName else {
            return nil
        }
        return PlatformCommand(name: name, arguments: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs `message` through the bot and waits at most `limit` (the gateway's deadline unless
    /// given) for the reply; when it comes later, `late` receives it.
    package func answer(
        _ message: IncomingMessage, within limit: Duration? = nil,
        late: @escaping @Sendable (Reply?) async -> Void
    ) async -> ReplyHandoff.Outcome {
        let handoff = ReplyHandoff()
        deferred.submit { [self] in
            let reply = await reply(to: message)
            if !handoff.deliver(reply) { await late(reply) }
        }
        return await handoff.wait(atMost: limit ?? acknowledgeAfter)
    }

    /// The bot's reply to `message`, answered in the response to it: its command recognised once
    /// (as the platform parsed it, where it did), its place taken on the conversation desk, and
    /// run by the dispatcher. nil for chatter; a short error when too many questions are being
    /// answered at once.
    package func reply(to message: IncomingMessage) async -> Reply? {
        guard let recognized = dispatcher.recognize(message) else { return nil }
        let asker = message.sender.description
        guard
            let accepted = await conversation.accept(
                recognized.text, from: asker, in: message.conversation.channelName)
        else {
            logger.warning(
                "too many questions are being answered at once; \(message.sender.logged) is asked to ask again")
            return .error(tooBusyNote)
        }
        let reply = await dispatcher.handle(
            message, recognized: recognized, countingAgainstRateLimit: !accepted.isRepeat)
        await conversation.finishInResponse(accepted.ticket, asker: asker)
        return reply
    }

    /// Checks a signed request's timestamp header against the clock.
    func checkTimestamp(_ header: String?, name: String) throws(WebhookRejection) -> Date {
        try SignedTimestamp.check(header, name: name, now: clock.now, tolerance: timestampTolerance)
    }

    /// What to say when the bot has nothing to answer (chatter, or a sender over the rate limit
    /// who was already told) but the platform needs some answer. No reply says which language to
    /// say it in: English.
    package var silenceNote: String {
        let words = Words(.webhooks, .english)
        return words("nothing to answer to that — {command} lists the commands", ["command": prefix + "help"])
    }

    /// What to say when too many questions are being answered at once to take another; it answers
    /// no reply, so it is said in English.
    package var tooBusyNote: String {
        let words = Words(.webhooks, .english)
        return words("too many questions at once — please ask again in a moment")
    }
}
