import HomeroomCore

/// What the Telegram adapter says itself, in a person's language.
struct TelegramWords {
    let words: Words

    /// The Telegram adapter's words in `language`.
    init(_ language: Language) {
        words = Words(.telegram, language)
    }

    /// Said in a group when an answer meant for the asker alone cannot reach their private chat
    /// (they never started the bot): how to open one; the answer itself is not shown.
    func openPrivateChat(botUsername: String?) -> String {
        guard let botUsername else {
            return words(
                "That answer is only for the person who asked. Open a private chat with me, press Start, then ask again there."
            )
        }
        return words(
            "That answer is only for the person who asked. Open a private chat with me at {link}, press Start, then ask again there.",
            ["link": "t.me/" + botUsername])
    }
}
