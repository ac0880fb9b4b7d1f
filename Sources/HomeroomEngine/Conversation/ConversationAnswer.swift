import HomeroomCore

/// What the bot answers to one chat message, in the platform's lines, ready for the outgoing queue.
package enum ConversationAnswer<Line: Sendable>: Sendable {
    /// Lines as they are: direct messages, notices to one person.
    case lines([Line])
    /// An answer for everyone in a channel: addressed to its askers when its first line goes
    /// out, and one answer for all who ask the same within the window.
    case channel(ChannelAnswer)
    /// An answer in a channel for its asker alone, whose text is `shown`: a repeat of `question`
    /// within the window is not counted by the rate limit, and the same lines are not sent again.
    /// nil `question`: a command that moves on, whose repeats are new questions. `pointer`: a
    /// line in the channel saying where the answer went (a platform whose private answers go to
    /// another room), sent after it, and alone for a repeat.
    case toTheAsker([Line], shown: [String], channel: String, asker: String, question: String?, pointer: Line? = nil)
    /// Notices that must still be true when they arrive (the rate limit's "try again in N s"):
    /// they go ahead of the answers waiting in the queue.
    case urgent([Line])

    /// Nothing to send.
    package static var none: Self { .lines([]) }
}

extension ConversationAnswer: Equatable where Line: Equatable {}
