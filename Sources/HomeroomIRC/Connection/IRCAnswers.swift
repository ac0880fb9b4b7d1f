import Foundation
import HomeroomCore

/// Answers one chat message: `!more` from the kept lines, a command that needs a services
/// account from someone without one with a refusal (``IRCServicesRule``), anything else through the bot.
struct IRCAnswers: Sendable {
    let network: IRCNetworkSettings
    let dispatcher: Dispatcher

    /// What to send for `chat`; a repeat (see ``IRCConnectionState/isRepeat(_:now:)``) is not
    /// counted by the rate limit.
    func answer(to chat: IRCChatMessage, state: IRCConnectionState, isRepeat: Bool = false) async -> IRCAnswer {
        let conversation: Conversation = chat.channel.map { .channel($0) } ?? .direct
        let renderer = IRCAnswerRenderer(
            nick: await state.nick, userAndHost: await state.userAndHost,
            maximumLinesInChannel: network.maximumLinesInChannel,
            longAnswersInDirectMessage: network.longAnswersInDirectMessage, morePrefix: morePrefix)
        let place = chat.channel ?? chat.nick
        if let recognized = dispatcher.recognizer.recognize(chat.text, in: conversation),
            recognized.body.trimmingCharacters(in: .whitespaces).lowercased() == "more"
        {
            if let page = await state.takeMore(renderer.pageSize, conversation: place, person: chat.nick) {
                let lines = renderer.morePage(page.lines, remaining: page.remaining)
                guard let channel = chat.channel else { return .lines(lines.map { IRCMessage("PRIVMSG", place, $0) }) }
                return .channel(
                    IRCChannelAnswer(
                        channel: channel, asker: chat.nick, question: nil,
                        pieces: renderer.channelPieces(lines, channel: channel)))
            }
            // What was kept of an answer for the sender alone (a NOTICE in a channel) stays theirs.
            if chat.channel != nil,
                let page = await state.takeMore(renderer.pageSize, conversation: chat.nick, person: chat.nick)
            {
                return .lines(
                    renderer.morePage(page.lines, remaining: page.remaining).map {
                        IRCMessage("NOTICE", chat.nick, $0)
                    })
            }
            // Nothing kept here: a plugin's own `more` (the next page of an article) answers, if there is one.
            guard pluginAnswersMore else { return .lines([IRCMessage("NOTICE", chat.nick, "nothing more to show")]) }
        }
        if chat.account == nil, !network.allowPinLoginWithoutServices,
            let refusal = IRCServicesRule(recognizer: dispatcher.recognizer, catalog: dispatcher.catalog)
                .refusal(for: chat.text, in: conversation)
        {
            return .lines(
                renderer.deliveries(for: .error(refusal), sender: chat.nick, channel: chat.channel).flatMap {
                    delivery in delivery.lines.map { IRCMessage(delivery.command, delivery.target, $0) }
                })
        }
        let message = IncomingMessage(
            sender: sender(of: chat), senderIsVerified: chat.account != nil, conversation: conversation,
            text: chat.text, receivedAt: chat.time)
        guard let reply = await dispatcher.handle(message, countingAgainstRateLimit: !isRepeat), !reply.lines.isEmpty
        else { return .none }
        if reply.retryAfterSeconds != nil, let line = reply.lines.first {
            return .urgentNotice(IRCMessage("NOTICE", chat.nick, IRCPlainText.cleaned(line)))
        }
        let question = reply.advances ? nil : chat.text
        var lines: [IRCMessage] = []
        var channelAnswer: IRCChannelAnswer?
        for delivery in renderer.deliveries(for: reply, sender: chat.nick, channel: chat.channel) {
            if delivery.isChannelAnswer {
                channelAnswer = IRCChannelAnswer(
                    channel: delivery.target, asker: chat.nick, question: question, pieces: delivery.lines)
            } else {
                lines += delivery.lines.map { IRCMessage(delivery.command, delivery.target, $0) }
            }
            if !delivery.kept.isEmpty || delivery.target == place {
                await state.keepForMore(delivery.kept, conversation: delivery.target, person: chat.nick)
            }
            // The rest of an answer for the sender alone is what their next `!more` here shows.
            if chat.channel != nil, delivery.target != place, !delivery.kept.isEmpty {
                await state.keepForMore([], conversation: place, person: chat.nick)
            }
        }
        if let channelAnswer { return .channel(channelAnswer) }
        if let channel = chat.channel, !reply.isError {
            return .toTheAsker(lines, channel: channel, asker: chat.nick, question: question)
        }
        return .lines(lines)
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
