/// The bot's answer to one command, rendered for Matrix and ready for the account's queue; kept
/// in the database (``MatrixAnswerStore``) from the moment the command is handled until it is sent.
package enum MatrixAnswer: Sendable, Equatable, Codable {
    /// Nothing to send.
    case none
    /// An answer for everyone in a room: addressed to its askers (named, and mentioned) when it
    /// goes out, and one answer for all who ask the same within the window. `question` is the
    /// command as typed, so the asker's repeats are known; nil for one that moves on.
    case forEveryone(lines: [String], question: String?)
    /// An answer for its asker alone to a command typed in a room: `direct` goes to their direct
    /// room `directRoomID`, and the room gets `pointer`, one short line saying where the answer
    /// is. The same lines are not sent to them twice within the window, and a repeat of
    /// `question` is not counted by the rate limit. `isUrgent`: both go out ahead of the answers
    /// waiting (the rate limit's "try again in N s", which must still be true when it arrives).
    case privately(
        direct: MatrixMessage, directRoomID: String, pointer: MatrixMessage, question: String?, isUrgent: Bool)
    /// A message as it is: anything in a direct room, or a line in a room that is for nobody alone.
    case message(MatrixMessage)
    /// A notice that must still be true when it arrives (the rate limit's "try again in N s"): it
    /// goes out ahead of the answers waiting.
    case urgent(MatrixMessage)
}
