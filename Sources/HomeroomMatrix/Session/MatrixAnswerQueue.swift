import Foundation
import HomeroomCore

/// The messages one account has to send, in order, with the busy-room rules of
/// ``ChannelAnswerBoard``: an answer for everyone in a room waits here unaddressed, and a class
/// asking the same meanwhile joins it; it is addressed to all of them (named and mentioned) when
/// it is taken to be sent; later askers are named in a line pointing to it after a short pause.
///
/// A value, with time passed in, so it is tested at chosen instants; the session keeps one in a
/// ``MatrixAnswerDesk``. Rooms are the board's channels (by room id), people its askers (by
/// Matrix id, their display names kept beside).
package struct MatrixAnswerQueue: Sendable {
    /// One message to send.
    package struct Outgoing: Sendable, Equatable {
        /// The room it goes to.
        package var roomID: String
        /// The message.
        package var message: MatrixMessage
        /// Its transaction id: a retry with it never posts twice.
        package var transactionID: String
    }

    private enum Waiting: Sendable {
        case ready(Outgoing)
        case forEveryone(
            roomID: String, lines: [String], answer: ChannelAnswerBoard.AnswerID, transactionID: String,
            firstAsker: MatrixAsker)

        var roomID: String {
            switch self {
            case .ready(let outgoing): outgoing.roomID
            case .forEveryone(let roomID, _, _, _, _): roomID
            }
        }
    }

    /// Messages waiting at most; beyond, a new answer is dropped (and logged by the caller).
    package static let maximumWaiting = 1000
    /// Display names remembered at most; beyond, they are forgotten and Matrix ids' localparts shown.
    static let maximumNames = 10_000

    private var board: ChannelAnswerBoard
    private let renderer: MatrixAnswerRenderer
    private var waiting: [Waiting] = []
    private var names: [String: String] = [:]
    /// Makes transaction ids of this queue's messages that answer no event unique across restarts.
    private let stamp: String
    private var counter = 0

    /// An empty queue coalescing with `settings`, rendering with `renderer`; `stamp` makes the
    /// transaction ids of messages that answer no event unique (a random word per session).
    package init(settings: ChannelAnswerSettings, renderer: MatrixAnswerRenderer, stamp: String) {
        board = ChannelAnswerBoard(settings: settings)
        self.renderer = renderer
        self.stamp = stamp
    }

    /// True when `asker` asked `question` in `roomID` within the window: the rate limit does not count it.
    package func isRepeat(_ question: String, in roomID: String, by asker: MatrixAsker, at now: Date) -> Bool {
        board.isRepeat(question, in: (roomID, roomID), by: (asker.userID, asker.userID), at: now)
    }

    /// Queues `answer` to `asker` in `roomID`; false when the queue is full and it was dropped.
    @discardableResult
    package mutating func offer(_ answer: MatrixAnswer, in roomID: String, from asker: MatrixAsker, at now: Date)
        -> Bool
    {
        remember(asker)
        switch answer {
        case .none:
            return true
        case .message(let message):
            return append(Outgoing(roomID: roomID, message: message, transactionID: transactionID(for: asker)))
        case .urgent(let message):
            waiting.insert(
                .ready(Outgoing(roomID: roomID, message: message, transactionID: transactionID(for: asker))), at: 0)
            return true
        case .forTheAsker(let message, let question):
            let isNew = board.answeredPrivately(
                [message.body], in: (roomID, roomID), to: (asker.userID, asker.userID), question: question, at: now)
            guard isNew else { return true }
            return append(Outgoing(roomID: roomID, message: message, transactionID: transactionID(for: asker)))
        case .forEveryone(let lines, let question):
            guard waiting.count < Self.maximumWaiting else { return false }
            let offer = board.offer(
                lines, in: (roomID, roomID), to: (asker.userID, asker.userID), question: question, at: now)
            if case .send(let id) = offer {
                waiting.append(
                    .forEveryone(
                        roomID: roomID, lines: lines, answer: id, transactionID: transactionID(for: asker),
                        firstAsker: asker))
            }
            return true
        }
    }

    /// Queues `message` to `roomID` as it is, with `transactionID` (nil: a new one); false when the queue is full.
    @discardableResult
    package mutating func send(_ message: MatrixMessage, to roomID: String, transactionID: String? = nil) -> Bool {
        append(Outgoing(roomID: roomID, message: message, transactionID: transactionID ?? newTransactionID()))
    }

    /// The next message to send at `now`: the lines naming late askers that are due go ahead of
    /// their room's waiting answers; an answer for everyone is addressed to all who asked for it
    /// by now, and from then on later askers are pointed to it. nil: nothing to send yet.
    package mutating func next(at now: Date) -> Outgoing? {
        queueDuePointers(at: now)
        guard !waiting.isEmpty else { return nil }
        switch waiting.removeFirst() {
        case .ready(let outgoing):
            return outgoing
        case .forEveryone(let roomID, let lines, let id, let transactionID, let firstAsker):
            let (userIDs, others) = board.addressees(of: id)
            board.sent(id, at: now)
            let askers = userIDs.map(asker)
            let alone = askers.count == 1 && others == 0
            let replyTo = alone && renderer.replyToCommands ? firstAsker.eventID : nil
            return Outgoing(
                roomID: roomID, message: renderer.addressed(lines, to: askers, others: others, inReplyTo: replyTo),
                transactionID: transactionID)
        }
    }

    /// When the next line naming late askers is due, if one is gathering names.
    package var nextPointerDue: Date? { board.nextPointerDue }

    /// How many messages wait.
    package var count: Int { waiting.count }

    private mutating func queueDuePointers(at now: Date) {
        for pointer in board.duePointers(at: now) {
            let outgoing = Outgoing(
                roomID: pointer.channel, message: renderer.pointer(to: pointer.names.map(asker)),
                transactionID: newTransactionID())
            let place = waiting.firstIndex { $0.roomID == pointer.channel } ?? waiting.endIndex
            waiting.insert(.ready(outgoing), at: place)
        }
    }

    private mutating func append(_ outgoing: Outgoing) -> Bool {
        guard waiting.count < Self.maximumWaiting else { return false }
        waiting.append(.ready(outgoing))
        return true
    }

    private mutating func remember(_ asker: MatrixAsker) {
        if names.count >= Self.maximumNames, names[asker.userID] == nil { names.removeAll() }
        names[asker.userID] = asker.name
    }

    /// The asker with Matrix id `userID`, named as last seen.
    private func asker(_ userID: String) -> MatrixAsker {
        MatrixAsker(userID: userID, name: names[userID] ?? MatrixID.localpart(of: userID), eventID: nil)
    }

    /// The transaction id of the answer to `asker`'s command: from its event id, so that an answer
    /// sent again (after a restart, by another instance on the same device) is posted once.
    private mutating func transactionID(for asker: MatrixAsker) -> String {
        guard let eventID = asker.eventID else { return newTransactionID() }
        return TransactionID.forReply(unique: eventID)
    }

    private mutating func newTransactionID() -> String {
        counter += 1
        return TransactionID.forReply(unique: "\(stamp)-\(counter)")
    }
}
