/// What the bot answers to one chat message on IRC, ready for the outgoing queue.
enum IRCAnswer: Sendable, Equatable {
    /// Lines as they are: direct messages, notices to one person.
    case lines([IRCMessage])
    /// An answer for everyone in a channel: addressed to its askers when its first line goes
    /// out, and one answer for all who ask the same within the window.
    case channel(IRCChannelAnswer)
    /// An answer in a channel for its asker alone (notices): a repeat of `question` within the
    /// window is not counted by the rate limit, and the same lines are not sent again. nil
    /// `question`: a command that moves on, whose repeats are new questions.
    case toTheAsker([IRCMessage], channel: String, asker: String, question: String?)
    /// A notice that must still be true when it arrives (the rate limit's "try again in N s"):
    /// it goes ahead of the answers waiting in the queue.
    case urgentNotice(IRCMessage)

    /// Nothing to send.
    static let none = IRCAnswer.lines([])
}

/// An answer for everyone in a channel, before it is addressed.
struct IRCChannelAnswer: Sendable, Equatable {
    /// The channel, as the server named it.
    let channel: String
    /// The nick that asked.
    let asker: String
    /// The command as typed, so the asker's repeats of it are known; nil for one whose repeat is a
    /// new question (`!more` shows the next page each time).
    let question: String?
    /// The lines, each cut to leave room for the names.
    let pieces: [String]
}
