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

    /// `answer` to `asker`, keeping `keptForMore`.
    package init(answer: ConversationAnswer<Line>, asker: String, keptForMore: [Kept] = []) {
        self.answer = answer
        self.asker = asker
        self.keptForMore = keptForMore
    }
}

extension RenderedAnswer: Equatable where Line: Equatable {}
