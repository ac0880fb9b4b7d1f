import Foundation

/// Which messages the bot answers, and the text it reads in each, with no I/O.
///
/// In a private chat every text is for the bot: commands and plain questions. In a group or
/// supergroup only what addresses it: a command (`/lunch`, or `/lunch@SchoolBot` naming this bot;
/// `/lunch@OtherBot` is another bot's), or a mention of the bot (`@SchoolBot what is for lunch?`),
/// which is read as addressed to the bot by name. Channels (broadcasts), bots and messages sent on
/// behalf of a chat are never answered. `/start`, which Telegram sends when a person opens the
/// bot, asks for the help.
package struct TelegramAddressing: Sendable {
    /// The bot's username without `@`, compared without case; nil when it is not configured, and
    /// only commands without a bot's name are taken in groups.
    package let botUsername: String?
    /// The name the command recognizer knows the bot by (`homeroom`).
    package let botName: String
    /// The prefix commands are written with (`/`).
    package let prefix: String

    package init(botUsername: String?, botName: String, prefix: String) {
        self.botUsername = botUsername
        self.botName = botName
        self.prefix = prefix
    }

    /// The text the bot reads in `message`; nil when the message is not for it.
    package func text(of message: TelegramMessage) -> String? {
        guard let sender = message.from, !sender.isBot, let text = message.text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        switch message.chat.kind {
        case .channel:
            return nil
        case .private:
            if trimmed.hasPrefix("/") { return command(trimmed) }
            return trimmed
        case .group, .supergroup:
            if trimmed.hasPrefix("/") { return command(trimmed) }
            return mentioned(trimmed)
        }
    }

    /// `/name[@bot] rest` as the bot reads it (`/name rest`); nil when it names another bot.
    private func command(_ text: String) -> String? {
        let head = text.prefix { !$0.isWhitespace }
        let rest = text.dropFirst(head.count)
        var name = head.dropFirst()
        if let at = name.firstIndex(of: "@") {
            let addressee = name[name.index(after: at)...]
            guard let botUsername, addressee.caseInsensitiveCompare(botUsername) == .orderedSame else { return nil }
            name = name[..<at]
        }
        guard let first = name.first, first.isLetter else { return nil }
        if name.lowercased() == "start", rest.allSatisfy(\.isWhitespace) { return prefix + "help" }
        return prefix + name + rest
    }

    /// The text of a message that mentions the bot, the mention taken out and the rest addressed to
    /// the bot by name (`@homeroom what is for lunch?`); nil when it does not mention the bot.
    private func mentioned(_ text: String) -> String? {
        guard let botUsername else { return nil }
        let mention = "@" + botUsername
        var found = false
        let words = text.split(whereSeparator: \.isWhitespace).filter { word in
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: ":,.!?"))
            guard bare.caseInsensitiveCompare(mention) == .orderedSame else { return true }
            found = true
            return false
        }
        guard found, !words.isEmpty else { return found ? prefix + "help" : nil }
        return "@\(botName) " + words.joined(separator: " ")
    }
}
