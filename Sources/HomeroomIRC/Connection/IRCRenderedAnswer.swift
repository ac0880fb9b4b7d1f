/// An answer rendered from an ``IRCAnswerSnapshot``, handed back to the connection in one call
/// (``IRCConnectionState/finish(_:with:now:)``): what to send, and what it keeps for `!more`.
struct IRCRenderedAnswer: Sendable, Equatable {
    /// Lines kept for the asker's next `!more` in one conversation.
    struct Kept: Sendable, Equatable {
        /// The channel, or the nick for a direct message or a notice.
        let conversation: String
        /// The lines; none forget what was kept there.
        let lines: [String]
    }

    /// What to send.
    let answer: IRCAnswer
    /// The nick that asked: whose `!more` the kept lines answer.
    let asker: String
    /// What the asker's next `!more` shows, by conversation, in order.
    var keptForMore: [Kept] = []
}
