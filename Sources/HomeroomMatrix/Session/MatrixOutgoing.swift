/// One message an account sends: what its ``ConversationDesk`` queues, and what
/// ``MatrixAnswerStore`` keeps while it is being sent (room, content and transaction id).
package struct MatrixOutgoing: Sendable, Equatable, Codable {
    /// The room it goes to.
    package var roomID: String
    /// The message.
    package var message: MatrixMessage
    /// Its transaction id: a retry with it never posts twice.
    package var transactionID: String
    /// The keys of the kept answers it answers (``MatrixAnswerStore``), told by the desk when it
    /// is taken to be sent; not kept with it.
    package var keys: [String] = []
    /// The key it is kept under while it is being sent, once kept; not kept with it.
    package var storedAs: String?

    /// A message to `roomID` with `transactionID`.
    package init(roomID: String, message: MatrixMessage, transactionID: String) {
        self.roomID = roomID
        self.message = message
        self.transactionID = transactionID
    }

    private enum CodingKeys: String, CodingKey { case roomID, message, transactionID }
}
