import Foundation
import HomeroomCore
import HomeroomEngine

/// The messages one account has to send, in order, with the busy-room rules of
/// ``ChannelAnswerBoard``: an answer for everyone in a room waits here unaddressed, and a class
/// asking the same meanwhile joins it; it is addressed to all of them (named and mentioned) when
/// it is taken to be sent; later askers are named in a line pointing to it after a short pause.
///
/// A value, with time passed in, so it is tested at chosen instants; the session keeps one in a
/// ``MatrixAnswerDesk``. Rooms are the board's channels (by room id), people its askers (by
/// Matrix id, their display names kept beside). Each answer may carry the key it is kept under
/// (``MatrixAnswerStore``): a message taken from the queue lists the keys of the answers it
/// answers (``Outgoing/keys``), so that they are forgotten once it is sent.
package struct MatrixAnswerQueue: Sendable {
    /// One message to send.
    package struct Outgoing: Sendable, Equatable, Codable {
        /// The room it goes to.
        package var roomID: String
        /// The message.
        package var message: MatrixMessage
        /// Its transaction id: a retry with it never posts twice.
        package var transactionID: String
        /// The keys of the kept answers it answers (``MatrixAnswerStore``); not kept with it.
        package var keys: [String] = []
        /// The key it is kept under while it is being sent, once kept; not kept with it.
        package var storedAs: String?

        /// A message to `roomID` with `transactionID`, answering the kept answers `keys`.
        package init(roomID: String, message: MatrixMessage, transactionID: String, keys: [String] = []) {
            self.roomID = roomID
            self.message = message
            self.transactionID = transactionID
            self.keys = keys
        }

        private enum CodingKeys: String, CodingKey { case roomID, message, transactionID }
    }

    /// What became of an answer offered.
    package enum Placement: Sendable, Equatable {
        /// It waits to be sent (alone, or joined to another).
        case queued
        /// Nothing is to be sent for it: the asker had it already, or it is empty. Its key, if
        /// any, can be forgotten.
        case settled
        /// The queue was full: it was dropped (to be logged by the caller); its key can be forgotten.
        case dropped
    }

    private enum Waiting: Sendable {
        case ready(Outgoing)
        case forEveryone(
            roomID: String, lines: [String], answer: ChannelAnswerBoard.AnswerID, transactionID: String,
            firstAsker: MatrixAsker, keys: [String])

        var roomID: String {
            switch self {
            case .ready(let outgoing): outgoing.roomID
            case .forEveryone(let roomID, _, _, _, _, _): roomID
            }
        }

        /// True for the waiting answer for everyone `id`.
        func isAnswer(_ id: ChannelAnswerBoard.AnswerID) -> Bool {
            if case .forEveryone(_, _, let answer, _, _, _) = self { return answer == id }
            return false
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
    /// The keys of the late askers' answers, by room, until the line that names them goes out.
    private var pointedKeys: [String: [(userID: String, key: String)]] = [:]
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

    /// Queues `answer` to `asker` in `roomID`, kept under `key` (nil: not kept). Urgent answers go
    /// ahead of the others, within the same cap.
    @discardableResult
    package mutating func offer(
        _ answer: MatrixAnswer, in roomID: String, from asker: MatrixAsker, key: String? = nil, at now: Date
    ) -> Placement {
        remember(asker)
        let keys = key.map { [$0] } ?? []
        switch answer {
        case .none:
            return .settled
        case .message(let message):
            return append([
                Outgoing(roomID: roomID, message: message, transactionID: transactionID(for: asker), keys: keys)
            ])
        case .urgent(let message):
            return append(
                [Outgoing(roomID: roomID, message: message, transactionID: transactionID(for: asker), keys: keys)],
                urgently: true)
        case .privately(let direct, let directRoomID, let pointer, let question, let isUrgent):
            let isNew = board.answeredPrivately(
                [direct.body], in: (roomID, roomID), to: (asker.userID, asker.userID), question: question, at: now)
            // The pointer goes out after the answer, and carries the key: both are sent again after
            // a stop before it. The same lines again within the window: the pointer alone.
            let answer = Outgoing(roomID: directRoomID, message: direct, transactionID: transactionID(for: asker))
            let line = Outgoing(
                roomID: roomID, message: pointer, transactionID: transactionID(for: asker, suffix: "-pointer"),
                keys: keys)
            return append(isNew ? [answer, line] : [line], urgently: isUrgent)
        case .forEveryone(let lines, let question):
            guard waiting.count < Self.maximumWaiting else { return .dropped }
            switch board.offer(
                lines, in: (roomID, roomID), to: (asker.userID, asker.userID), question: question, at: now)
            {
            case .send(let id):
                waiting.append(
                    .forEveryone(
                        roomID: roomID, lines: lines, answer: id, transactionID: transactionID(for: asker),
                        firstAsker: asker, keys: keys))
                return .queued
            case .joined(let id):
                guard let index = waiting.firstIndex(where: { $0.isAnswer(id) }),
                    case .forEveryone(let room, let lines, _, let transactionID, let firstAsker, let joinedKeys) =
                        waiting[index]
                else { return .settled }
                waiting[index] = .forEveryone(
                    roomID: room, lines: lines, answer: id, transactionID: transactionID, firstAsker: firstAsker,
                    keys: joinedKeys + keys)
                return .queued
            case .pointed:
                if let key { pointedKeys[roomID, default: []].append((asker.userID, key)) }
                return .queued
            case .alreadyNamed:
                return .settled
            }
        }
    }

    /// Queues `message` to `roomID` as it is, with `transactionID` (nil: a new one), kept under `key`.
    @discardableResult
    package mutating func send(
        _ message: MatrixMessage, to roomID: String, transactionID: String? = nil, key: String? = nil
    ) -> Placement {
        append([
            Outgoing(
                roomID: roomID, message: message, transactionID: transactionID ?? newTransactionID(),
                keys: key.map { [$0] } ?? [])
        ])
    }

    /// Queues messages that were being sent when the last session stopped, as they are, ahead of the rest.
    package mutating func resend(_ outgoing: [MatrixAnswerQueue.Outgoing]) {
        waiting.insert(contentsOf: outgoing.prefix(Self.maximumWaiting).map(Waiting.ready), at: 0)
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
        case .forEveryone(let roomID, let lines, let id, let transactionID, let firstAsker, let keys):
            let (userIDs, others) = board.addressees(of: id)
            board.sent(id, at: now)
            let askers = userIDs.map(asker)
            let alone = askers.count == 1 && others == 0
            let replyTo = alone && renderer.replyToCommands ? firstAsker.eventID : nil
            return Outgoing(
                roomID: roomID, message: renderer.addressed(lines, to: askers, others: others, inReplyTo: replyTo),
                transactionID: transactionID, keys: keys)
        }
    }

    /// When the next line naming late askers is due, if one is gathering names.
    package var nextPointerDue: Date? { board.nextPointerDue }

    /// How many messages wait.
    package var count: Int { waiting.count }

    private mutating func queueDuePointers(at now: Date) {
        for pointer in board.duePointers(at: now) {
            let named = Set(pointer.names)
            let covered = pointedKeys[pointer.channel, default: []].filter { named.contains($0.userID) }
            pointedKeys[pointer.channel]?.removeAll { named.contains($0.userID) }
            if pointedKeys[pointer.channel]?.isEmpty == true { pointedKeys[pointer.channel] = nil }
            let outgoing = Outgoing(
                roomID: pointer.channel, message: renderer.pointer(to: pointer.names.map(asker)),
                transactionID: newTransactionID(), keys: covered.map(\.key))
            let place = waiting.firstIndex { $0.roomID == pointer.channel } ?? waiting.endIndex
            waiting.insert(.ready(outgoing), at: place)
        }
    }

    /// Queues `outgoing` at the end, or ahead of the rest when `urgently`, if there is room for all of it.
    private mutating func append(_ outgoing: [Outgoing], urgently: Bool = false) -> Placement {
        guard waiting.count + outgoing.count <= Self.maximumWaiting else { return .dropped }
        if urgently {
            waiting.insert(contentsOf: outgoing.map(Waiting.ready), at: 0)
        } else {
            waiting.append(contentsOf: outgoing.map(Waiting.ready))
        }
        return .queued
    }

    private mutating func remember(_ asker: MatrixAsker) {
        if names.count >= Self.maximumNames, names[asker.userID] == nil { names.removeAll() }
        names[asker.userID] = asker.name
    }

    /// The asker with Matrix id `userID`, named as last seen.
    private func asker(_ userID: String) -> MatrixAsker {
        MatrixAsker(userID: userID, name: names[userID] ?? MatrixID.localpart(of: userID), eventID: nil)
    }

    /// The transaction id of the answer to `asker`'s command (and `suffix`): from its event id, so
    /// that an answer sent again (after a restart, by another instance on the same device) is posted once.
    private mutating func transactionID(for asker: MatrixAsker, suffix: String = "") -> String {
        guard let eventID = asker.eventID else { return newTransactionID() }
        return TransactionID.forReply(unique: eventID + suffix)
    }

    private mutating func newTransactionID() -> String {
        counter += 1
        return TransactionID.forReply(unique: "\(stamp)-\(counter)")
    }
}
