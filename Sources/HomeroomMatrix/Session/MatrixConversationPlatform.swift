import Foundation
import HomeroomCore
import HomeroomEngine

/// Matrix as the ``ConversationMachine`` sees it: rooms and people by their ids, as the server
/// spells them, and a room answer led by the display names of those it answers, mentioning
/// exactly them, a reply to the command when it answers one person.
///
/// People are named as the session's ``MatrixRoomBook`` last saw them in the room (a kept answer
/// resumed after a restart puts the name it was asked under back there), else by the localpart of
/// their Matrix id.
struct MatrixConversationPlatform: ConversationPlatform {
    let renderer: MatrixAnswerRenderer
    let rooms: MatrixRoomBook

    func key(_ name: String) -> String { name }

    func addressed(_ answer: ChannelAnswer, to names: [String], others: Int) -> [MatrixOutgoing] {
        let alone = names.count == 1 && others == 0
        let message = renderer.addressed(
            answer.pieces, to: askers(names, in: answer.channel), others: others,
            inReplyTo: alone && renderer.replyToCommands ? answer.reference : nil,
            language: answer.language ?? .english)
        return [
            MatrixOutgoing(
                roomID: answer.channel, message: message,
                transactionID: answer.reference.map { TransactionID.forReply(unique: $0) } ?? Self.newTransactionID())
        ]
    }

    func pointer(to names: [String], in channel: String, language: Language?) -> MatrixOutgoing {
        MatrixOutgoing(
            roomID: channel, message: renderer.pointer(to: askers(names, in: channel), language: language ?? .english),
            transactionID: Self.newTransactionID())
    }

    /// The people with Matrix ids `userIDs`, named as last seen in `roomID`.
    private func askers(_ userIDs: [String], in roomID: String) -> [MatrixAsker] {
        userIDs.map {
            MatrixAsker(
                userID: $0, name: rooms.displayName(of: $0, in: roomID) ?? MatrixID.localpart(of: $0), eventID: nil)
        }
    }

    /// The transaction id of a message that answers no event: unique, so it is posted once.
    static func newTransactionID() -> String {
        TransactionID.forReply(unique: UUID().uuidString)
    }
}

/// The conversation desk of one Matrix account: nothing metered but by the server's own `429`s.
typealias MatrixDesk = ConversationDesk<UnmeteredBudget<MatrixOutgoing>, MatrixConversationPlatform>
