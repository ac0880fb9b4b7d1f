/// The bot's answer to one command, rendered for Matrix and ready for the account's queue.
package enum MatrixAnswer: Sendable, Equatable {
    /// Nothing to send.
    case none
    /// An answer for everyone in a room: addressed to its askers (named, and mentioned) when it
    /// goes out, and one answer for all who ask the same within the window. `question` is the
    /// command as typed, so the asker's repeats are known; nil for one that moves on.
    case forEveryone(lines: [String], question: String?)
    /// An answer in a room for its asker alone: the same lines are not sent to them twice within
    /// the window, and a repeat of `question` is not counted by the rate limit.
    case forTheAsker(MatrixMessage, question: String?)
    /// A message as it is: an error in a room, anything in a direct room.
    case message(MatrixMessage)
    /// A notice that must still be true when it arrives (the rate limit's "try again in N s"): it
    /// goes out ahead of the answers waiting.
    case urgent(MatrixMessage)
}
