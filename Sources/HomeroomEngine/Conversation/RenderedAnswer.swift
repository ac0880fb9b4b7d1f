import HomeroomCore

/// An answer rendered outside the ``ConversationMachine`` and handed back to it in one call
/// (``ConversationMachine/finish(_:with:at:on:)``): what to send, and what it keeps for `!more`.
package struct RenderedAnswer<Line: Sendable>: Sendable {
    /// Lines kept for the asker's next `!more` in one conversation.
    package struct Kept: Sendable, Equatable {
        /// The channel, or the person for a direct message or a notice.
        package let conversation: String
        /// The lines; none forget what was kept there.
        package let lines: [String]

        /// `lines` kept in `conversation`.
        package init(conversation: String, lines: [String]) {
            self.conversation = conversation
            self.lines = lines
        }
    }

    /// What to send.
    package let answer: ConversationAnswer<Line>
    /// The person who asked: whose `!more` the kept lines answer.
    package let asker: String
    /// What the asker's next `!more` shows, by conversation, in order.
    package var keptForMore: [Kept]
    /// What the adapter kept the answer under until it has gone out (a row of its own store):
    /// handed back with the line that completes it (``OutgoingQueue/Step/receipts``), or at once
    /// when nothing is to be sent for it (``ConversationMachine/takeSettledReceipts()``).
    package var receipt: String?
    /// The language the answer is in, kept with its lines: what an adapter adds to a `!more` page
    /// (how many lines are left) is said in it. nil: English.
    package var language: Language?

    /// `answer` to `asker` in `language`, keeping `keptForMore`, kept by the adapter under `receipt`.
    package init(
        answer: ConversationAnswer<Line>, asker: String, keptForMore: [Kept] = [], receipt: String? = nil,
        language: Language? = nil
    ) {
        self.answer = answer
        self.asker = asker
        self.keptForMore = keptForMore
        self.receipt = receipt
        self.language = language
    }
}

extension RenderedAnswer: Equatable where Line: Equatable {}
