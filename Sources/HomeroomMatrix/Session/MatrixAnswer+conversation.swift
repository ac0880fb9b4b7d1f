import HomeroomCore
import HomeroomEngine

extension MatrixAnswer {
    /// This answer to `asker`'s command in `roomID` as the conversation desk takes it, kept under
    /// `receipt`; an answer for everyone is addressed in `language`. The messages' transaction ids
    /// come from the command's event, so that an answer sent again (after a restart, by another
    /// instance on the same device) is posted once.
    func rendered(in roomID: String, to asker: MatrixAsker, receipt: String?, language: Language? = nil)
        -> RenderedAnswer<MatrixOutgoing>
    {
        let answer: ConversationAnswer<MatrixOutgoing>
        switch self {
        case .none:
            answer = .none
        case .message(let message):
            answer = .lines([
                MatrixOutgoing(roomID: roomID, message: message, transactionID: Self.transactionID(asker))
            ])
        case .urgent(let message):
            answer = .urgent([
                MatrixOutgoing(roomID: roomID, message: message, transactionID: Self.transactionID(asker))
            ])
        case .privately(let direct, let directRoomID, let pointer, let question, let isUrgent):
            let answerThere = MatrixOutgoing(
                roomID: directRoomID, message: direct, transactionID: Self.transactionID(asker))
            // The pointer goes out after the answer, and carries the receipt: both are sent again
            // after a stop before it.
            let pointerHere = MatrixOutgoing(
                roomID: roomID, message: pointer, transactionID: Self.transactionID(asker, suffix: "-pointer"))
            answer =
                isUrgent
                ? .urgent([answerThere, pointerHere])
                : .toTheAsker(
                    [answerThere], shown: [direct.body], channel: roomID, asker: asker.userID, question: question,
                    pointer: pointerHere)
        case .forEveryone(let lines, let question):
            answer = .channel(
                ChannelAnswer(
                    channel: roomID, asker: asker.userID, question: question, pieces: lines, reference: asker.eventID,
                    language: language))
        }
        return RenderedAnswer(answer: answer, asker: asker.userID, receipt: receipt, language: language)
    }

    /// The transaction id of a message answering `asker`'s command (and `suffix`).
    private static func transactionID(_ asker: MatrixAsker, suffix: String = "") -> String {
        guard let eventID = asker.eventID else { return MatrixConversationPlatform.newTransactionID() }
        return TransactionID.forReply(unique: eventID + suffix)
    }
}
