import HomeroomCore
import HomeroomEngine
import Synchronization

/// What someone without a services account may not do on IRC: log in with a PIN, link or unlink
/// accounts, or run a command that needs a role. Anyone can take a nick, and behind a web-chat
/// gateway or a shared host many people have the same `nick!user@host`: only an account the
/// server vouches for (SASL or NickServ, seen through `account-tag`) stands for one person. Such
/// a sender uses the student commands only, unless the network allows PIN logins without
/// services (``IRCNetworkSettings/allowPinLoginWithoutServices``). The dispatcher applies it.
///
/// One rule serves one message: it remembers the command it refused, so that the refusal is said
/// again in the language the dispatcher gave the reply (``refusal(in:)``), which it decides only
/// after the rule was asked.
final class IRCServicesRule: DispatchPolicy {
    /// The core's commands that vouch for a person: a PIN login, and joining or splitting accounts.
    static let identityCommands: Set<String> = ["login", "link", "unlink"]

    /// The command refused, as typed with its prefix; nil while none was.
    private let refused = Mutex<String?>(nil)

    func refusal(
        for command: RegisteredCommand, named top: RegisteredCommand, in message: IncomingMessage, prefix: String
    ) -> String? {
        guard !message.senderIsVerified else { return nil }
        let typed: String
        if top.isCoreCommand(among: Self.identityCommands) {
            // A PIN typed in a channel goes on to the core, which warns that it is no secret any more.
            if top.command.name == "login", message.conversation.channelName != nil { return nil }
            typed = prefix + top.fullName
        } else {
            guard command.command.access == .restricted else { return nil }
            typed = prefix + command.fullName
        }
        refused.withLock { $0 = typed }
        return Self.refusal(typed, Words(.irc, .english))
    }

    /// The refusal this rule gave, in `language`; nil when it refused nothing.
    func refusal(in language: Language) -> String? {
        refused.withLock { $0 }.map { Self.refusal($0, Words(.irc, language)) }
    }

    /// The refusal of `typed` (a command with its prefix).
    static func refusal(_ typed: String, _ words: Words) -> String {
        words(
            "{command} needs a services account: log in to NickServ (or connect with SASL), then try again",
            ["command": typed])
    }
}
