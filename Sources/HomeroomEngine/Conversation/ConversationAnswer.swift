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
    /// nil `question`: a command that moves on, whose repeats are new questions.
    case toTheAsker([Line], shown: [String], channel: String, asker: String, question: String?)
    /// A notice that must still be true when it arrives (the rate limit's "try again in N s"):
    /// it goes ahead of the answers waiting in the queue.
    case urgent(Line)

    /// Nothing to send.
    package static var none: Self { .lines([]) }
}

extension ConversationAnswer: Equatable where Line: Equatable {}
