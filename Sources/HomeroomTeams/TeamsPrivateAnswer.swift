import HomeroomCore
import HomeroomWebhooks

/// An answer meant for the asker alone (``Reply/Visibility/sender``, or an error) to a question asked
/// in a Teams channel, where every member reads the answers: it goes to the asker's personal chat
/// with the bot, and the channel gets one of these lines in its place, in `words`' language (the
/// answer's, where there is one).
enum TeamsPrivateAnswer {
    /// The channel's line when the answer went (or is on its way) to the asker's personal chat with
    /// the bot `botName`.
    static func sentToPersonalChat(botName: String, _ words: Words) -> String {
        words("I sent you the answer in your personal chat with {bot}.", ["bot": botName])
    }

    /// The channel's line when the answer could not go there: the asker has not talked to the bot
    /// `botName`, or the bot cannot reach them; the answer is not shown.
    static func askInPersonalChat(botName: String, _ words: Words) -> String {
        words("That answer is for you alone: ask me again in a personal chat with {bot}.", ["bot": botName])
    }

    /// The note for a command Teams stopped waiting for: it still runs, and is not to be asked again
    /// (that would run it twice); an answer for the asker alone follows in the personal chat.
    static func stillWorking(botName: String, _ words: Words) -> String {
        words(
            "Still working on that; no need to ask again. An answer for you alone will come in your personal chat with {bot}.",
            ["bot": botName])
    }

    /// The channel's line from an outgoing webhook on a server without a Teams bot, which has no way
    /// to reach the asker alone; the answer is not shown.
    static func notShownInChannel(_ words: Words) -> String {
        words("That answer is for you alone, and a Teams channel shows answers to everyone.")
    }
}
