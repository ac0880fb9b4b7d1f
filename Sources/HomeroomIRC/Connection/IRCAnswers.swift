import Foundation
import HomeroomCore
import HomeroomEngine

/// Answers one command accepted on a connection (``IRCTurn``): `!more` from the kept lines,
/// anything else through the bot, with the services-account rule (``IRCServicesRule``) as the
/// dispatcher's policy.
///
/// The command was recognised once, when it arrived; the answer is rendered from the snapshot
/// taken then, and handed back to the connection in one call.
struct IRCAnswers: Sendable {
    let network: IRCNetworkSettings
    let dispatcher: Dispatcher
    let clock: any HomeroomClock

    /// Answers `turn` on the connection `state`, then the same question asked again meanwhile,
    /// which waited for this answer.
    func answer(_ turn: IRCTurn, on state: IRCConnectionState) async {
        var next: IRCTurn? = turn
        while let turn = next {
            let rendered = await answer(to: turn.chat, recognized: turn.recognized, snapshot: turn.snapshot)
            next = await state.finish(turn.ticket, with: rendered, now: clock.now)
        }
    }

    /// What to send for `chat`, whose command is `recognized`, and what it keeps for `!more`,
    /// rendered from `snapshot`; a repeat (``IRCAnswerSnapshot/isRepeat``) is not counted by the
    /// rate limit.
    func answer(to chat: IRCChatMessage, recognized: CommandRecognizer.Recognized, snapshot: IRCAnswerSnapshot) async
        -> IRCRenderedAnswer
    {
        let renderer = IRCAnswerRenderer(
            nick: snapshot.nick, userAndHost: snapshot.userAndHost,
            maximumLinesInChannel: network.maximumLinesInChannel,
            longAnswersInDirectMessage: network.longAnswersInDirectMessage, morePrefix: morePrefix)
        if let more = snapshot.more, let shown = page(more, to: chat, renderer: renderer) {
            return IRCRenderedAnswer(answer: shown, asker: chat.nick)
        }
        let message = IncomingMessage(
            sender: sender(of: chat), senderIsVerified: chat.account != nil,
            conversation: chat.channel.map { .channel($0) } ?? .direct, text: chat.text, receivedAt: chat.time)
        let servicesRule = network.allowPinLoginWithoutServices ? nil : IRCServicesRule()
        guard
            var reply = await dispatcher.handle(
                message, recognized: recognized, countingAgainstRateLimit: !snapshot.isRepeat, policy: servicesRule),
            !reply.lines.isEmpty
        else { return IRCRenderedAnswer(answer: .none, asker: chat.nick) }
        if let refusal = servicesRule?.refusal(in: reply.language ?? .english) { reply.lines = [refusal] }
        if reply.retryAfterSeconds != nil, let line = reply.lines.first {
            return IRCRenderedAnswer(
                answer: .urgent([IRCMessage("NOTICE", chat.nick, IRCPlainText.cleaned(line))]), asker: chat.nick)
        }
        return rendered(reply, to: chat, renderer: renderer)
    }

    /// The answer to a `!more` from what it found kept; nil when nothing was kept and a plugin's
    /// own `more` (the next page of an article) answers.
    private func page(_ more: MoreTaken, to chat: IRCChatMessage, renderer: IRCAnswerRenderer)
        -> IRCAnswer?
    {
        switch more {
        case .here(let page):
            guard let channel = chat.channel else {
                return .lines(
                    renderer.morePage(page, to: chat.nick, command: "PRIVMSG").map {
                        IRCMessage("PRIVMSG", chat.nick, $0)
                    })
            }
            let lines = renderer.morePage(page, to: channel, command: "PRIVMSG")
            return .channel(
                ChannelAnswer(
                    channel: channel, asker: chat.nick, question: nil,
                    pieces: renderer.channelPieces(lines, channel: channel), language: page.language))
        case .forTheAsker(let page):
            return .lines(
                renderer.morePage(page, to: chat.nick, command: "NOTICE").map { IRCMessage("NOTICE", chat.nick, $0) })
        case .nothingKept:
            guard pluginAnswersMore else {
                // Nothing kept, so no answer's language to say it in.
                let words = Words(.irc, .english)
                return .lines([IRCMessage("NOTICE", chat.nick, words("nothing more to show"))])
            }
            return nil
        }
    }

    /// The bot's reply as IRC lines, with what each delivery keeps for the asker's `!more`.
    private func rendered(_ reply: Reply, to chat: IRCChatMessage, renderer: IRCAnswerRenderer) -> IRCRenderedAnswer {
        let place = chat.channel ?? chat.nick
        let question = reply.advances ? nil : chat.text
        var lines: [IRCMessage] = []
        var channelAnswer: ChannelAnswer?
        var kept: [IRCRenderedAnswer.Kept] = []
        for delivery in renderer.deliveries(for: reply, sender: chat.nick, channel: chat.channel) {
            if delivery.isChannelAnswer {
                channelAnswer = ChannelAnswer(
                    channel: delivery.target, asker: chat.nick, question: question, pieces: delivery.lines,
                    language: reply.language)
            } else {
                lines += delivery.lines.map { IRCMessage(delivery.command, delivery.target, $0) }
            }
            if !delivery.kept.isEmpty || delivery.target == place {
                kept.append(IRCRenderedAnswer.Kept(conversation: delivery.target, lines: delivery.kept))
            }
            // The rest of an answer for the sender alone is what their next `!more` here shows.
            if chat.channel != nil, delivery.target != place, !delivery.kept.isEmpty {
                kept.append(IRCRenderedAnswer.Kept(conversation: place, lines: []))
            }
        }
        let answer: IRCAnswer
        if let channelAnswer {
            answer = .channel(channelAnswer)
        } else if let channel = chat.channel, !reply.isError {
            answer = .toTheAsker(
                lines, shown: lines.compactMap { $0.parameters.last }, channel: channel, asker: chat.nick,
                question: question)
        } else {
            answer = .lines(lines)
        }
        return IRCRenderedAnswer(answer: answer, asker: chat.nick, keptForMore: kept, language: reply.language)
    }

    /// `irc:NETWORK:ACCOUNT` when the server vouches for the services account, otherwise
    /// `irc:NETWORK:nick!user@host` (student commands only, unless the network allows PIN logins
    /// without services).
    func sender(of chat: IRCChatMessage) -> UserID {
        UserID(adapter: "irc", id: "\(network.name):\(chat.account ?? chat.hostmask)")
    }

    /// True when a plugin declares a `more` command of its own.
    private var pluginAnswersMore: Bool {
        dispatcher.catalog.commands.contains { $0.command.name == "more" }
    }

    /// `!` when it is a configured prefix (IRC clients take `/` for their own commands).
    private var morePrefix: String {
        dispatcher.recognizer.prefixes.contains("!") ? "!" : dispatcher.recognizer.preferredPrefix
    }
}
