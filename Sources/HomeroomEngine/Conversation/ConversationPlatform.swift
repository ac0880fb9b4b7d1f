import HomeroomCore

/// What the ``ConversationMachine`` asks of a chat platform: how it folds names (a channel, a
/// person) into keys, and its lines naming the askers of a channel answer. An adapter makes one
/// from its session's state (the bot's name, the server's case rules) for each call.
package protocol ConversationPlatform<Line>: ConversationNaming {
    /// What the platform sends.
    associatedtype Line: Sendable

    /// The lines of a channel answer (its pieces cut with room for names), with `names` leading
    /// the first and `others` more counted after them.
    func addressed(_ answer: ChannelAnswer, to names: [String], others: Int) -> [Line]

    /// The line pointing late askers, `names`, to an answer in `language` (nil: English) that went
    /// out in `channel`.
    func pointer(to names: [String], in channel: String, language: Language?) -> Line
}
