/// The connection's state an answer is rendered from, taken in one call when the command's turn
/// comes (``IRCConnectionState/snapshot(for:answeredIn:takingMore:now:)``).
struct IRCAnswerSnapshot: Sendable, Equatable {
    /// What a `!more` found kept for its asker.
    enum More: Sendable, Equatable {
        /// Nothing: a plugin's own `more` may answer.
        case nothingKept
        /// The next page of what was kept in the conversation the `!more` came from.
        case here(MoreBook.Page)
        /// The next page of an answer for the asker alone (a notice in a channel): it stays theirs.
        case forTheAsker(MoreBook.Page)
    }

    /// The bot's nick now.
    let nick: String
    /// The bot's `user@host` as the server shows it, when known: both set how long a relayed line may be.
    let userAndHost: String?
    /// True when the message repeats, in a channel, a command its sender asked there within the
    /// coalescing window (``IRCConnectionState/isRepeat(_:now:)``): the rate limit does not count it.
    let isRepeat: Bool
    /// For a `!more`, what it found (the page is taken from the kept lines already); nil for any
    /// other message.
    let more: More?
}
