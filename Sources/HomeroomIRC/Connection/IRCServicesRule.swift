import HomeroomCore
import HomeroomEngine

/// What someone without a services account may not do on IRC: log in with a PIN, link or unlink
/// accounts, or run a command that needs a role. Anyone can take a nick, and behind a web-chat
/// gateway or a shared host many people have the same `nick!user@host`: only an account the
/// server vouches for (SASL or NickServ, seen through `account-tag`) stands for one person. Such
/// a sender uses the student commands only, unless the network allows PIN logins without
/// services (``IRCNetworkSettings/allowPinLoginWithoutServices``). The dispatcher applies it.
struct IRCServicesRule: DispatchPolicy {
    /// The core's commands that vouch for a person: a PIN login, and joining or splitting accounts.
    static let identityCommands: Set<String> = ["login", "link", "unlink"]

    func refusal(
        for command: RegisteredCommand, named top: RegisteredCommand, in message: IncomingMessage, prefix: String
    ) -> String? {
        guard !message.senderIsVerified else { return nil }
        if top.isCoreCommand(among: Self.identityCommands) {
            // A PIN typed in a channel goes on to the core, which warns that it is no secret any more.
            if top.command.name == "login", message.conversation.channelName != nil { return nil }
            return Self.refusal(prefix + top.fullName)
        }
        guard command.command.access == .restricted else { return nil }
        return Self.refusal(prefix + command.fullName)
    }

    static func refusal(_ typed: String) -> String {
        "\(typed) needs a services account: log in to NickServ (or connect with SASL), then try again"
    }
}
