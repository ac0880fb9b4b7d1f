import HomeroomCore
import HomeroomEngine

/// A command accepted on a connection, to be answered outside it: the message, its command
/// (recognised once, when it arrived), and the snapshot its answer is rendered from, whose
/// ticket is the answer's place in the outgoing queue.
struct IRCTurn: Sendable {
    /// The message.
    let chat: IRCChatMessage
    /// Its command.
    let recognized: CommandRecognizer.Recognized
    /// The place its answer fills.
    let ticket: OutgoingQueue<FloodBucket>.Ticket
    /// What its answer is rendered from.
    let snapshot: IRCAnswerSnapshot
}
