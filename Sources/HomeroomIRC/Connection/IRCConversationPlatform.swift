import HomeroomCore
import HomeroomEngine

/// IRC as the ``ConversationMachine`` sees it at one moment: names folded under the server's case
/// mapping, and channel answers addressed within the relayed line's byte budget, which the bot's
/// nick and `user@host` set.
struct IRCConversationPlatform: ConversationPlatform {
    let nick: String
    let userAndHost: String?
    let caseMapping: CaseMapping

    func key(_ name: String) -> String { caseMapping.fold(name) }

    func addressed(_ answer: ChannelAnswer, to names: [String], others: Int) -> [IRCMessage] {
        let budget = ReplySplitter.budget(nick: nick, userAndHost: userAndHost, target: answer.channel)
        return IRCAddressing.addressed(
            answer.pieces, to: names, others: others, budget: budget, language: answer.language ?? .english
        ).map { IRCMessage("PRIVMSG", answer.channel, $0) }
    }

    func pointer(to names: [String], in channel: String, language: Language?) -> IRCMessage {
        let budget = ReplySplitter.budget(nick: nick, userAndHost: userAndHost, target: channel)
        return IRCMessage(
            "PRIVMSG", channel, IRCAddressing.pointer(to: names, budget: budget, language: language ?? .english))
    }
}
