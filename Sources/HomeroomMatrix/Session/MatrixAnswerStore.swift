import Foundation
import HomeroomCore
import HomeroomEngine
import Synchronization

/// What makes one account's answers outlive the process: the commands handled, the answers not
/// sent yet and the messages being sent, kept in the account's ``AdapterState`` through the
/// hold's fenced database (a write is refused, and rolled back, once another instance holds the
/// account), beside the sync position.
///
/// Keys:
/// - `event:ID`: a command of a batch whose position is not stored yet: a ``Started`` (its room
///   and asker) once its handling began, `done` once its answer is kept (or it had none);
/// - `answer:N`: an answer handled and not sent yet (a ``Pending``), N counting up;
/// - `sending:N`: a message the writer took from the queue, exactly as it goes out (room,
///   content, transaction id);
/// - `since`: the sync position.
///
/// The order of one command, from the batch that brings it to the answer in the room:
/// 1. `event:ID` is written as started, before anything is done: a command already marked is
///    skipped (it was handled before a stop), and an instance that lost the lease cannot start one.
/// 2. The dispatcher runs the command. Its effects are written in transactions of the plugins'
///    own, which cannot take the mark's: this step is the one window (see 7).
/// 3. One transaction writes `event:ID` as done and the answer as `answer:N` (the answer is kept
///    before the position can move). Steps 1 to 4 run to their end even when the session is cancelled.
/// 4. The answer is handed to the account's conversation desk, under its key (coalescing as the
///    ``ConversationMachine`` does; the key comes back with the message that answers it).
/// 5. Once every command of the batch has passed step 4, one transaction stores the batch's
///    position and removes every `event:` mark: the batches before it are never synced again.
/// 6. The writer takes a message from the queue. One transaction replaces the `answer:` rows it
///    answers by a `sending:N` row holding it; the message is sent (a `PUT` with its transaction
///    id); its row is removed.
///
/// After a stop at any point (a clean stop drains the queue first, within ``drainSeconds``), the
/// next session of the account, in this process or another instance, begins with ``resume(renderer:)``:
/// 7. a command still marked started was cut in step 2: it may have been done, so it is not run
///    again; its asker gets ``MatrixNotices/interrupted`` instead (an answer kept as in step 3);
/// 8. the `sending:` rows are sent first, as they are: the same transaction id from the same access
///    token makes the homeserver drop a message that had gone out;
/// 9. the `answer:` rows are offered to the queue again, in their order;
/// 10. the sync goes on from the stored position: the events of a batch whose position was not
///     stored come again, those marked are skipped and the others handled (none of them began).
///
/// So a command is run at most once, and answered once. Limits, by design or by nature:
/// - the transaction ids are per access token: a session that had to log in again with its
///   password sends what it had kept with a new token, so a message sent just before the stop may
///   then be posted twice;
/// - answers kept but not yet taken by the writer are coalesced afresh after a stop: a late asker
///   whose pointer line had not gone out gets the whole answer instead;
/// - an answer too long to keep (over ``AdapterState/maximumLength`` as JSON), and the bot's own
///   notices about encrypted rooms, are sent without being kept.
final class MatrixAnswerStore: Sendable {
    /// A command whose handling began (step 1).
    struct Started: Codable, Sendable, Equatable {
        /// The room it was typed in.
        var roomID: String
        /// Who typed it.
        var asker: MatrixAsker
        /// True in a direct room.
        var isDirect: Bool
    }

    /// An answer handled and not sent yet.
    struct Pending: Codable, Sendable, Equatable {
        /// The room of the command.
        var roomID: String
        /// Who asked.
        var asker: MatrixAsker
        /// The answer.
        var answer: MatrixAnswer
        /// The code of the language the answer is in (``Language/code``), which the names leading
        /// it are said in; nil: English (and an answer kept before it was noted).
        var language: String?
    }

    /// The most rows of each kind read back at the start of a session (the queue holds no more).
    static let maximumKept = ConversationMachine<UnmeteredBudget<MatrixOutgoing>>.maximumWaiting
    /// The longest wait for the queue to drain at a clean stop, in seconds; what is left is sent
    /// by the next session.
    static let drainSeconds = 10.0

    static let eventPrefix = "event:"
    static let answerPrefix = "answer:"
    static let sendingPrefix = "sending:"
    /// The value of a command mark once its answer is kept.
    static let done = "done"

    private let state: AdapterState
    private let database: any Database
    private let clock: any HomeroomClock
    private let counter = Mutex<UInt64>(0)

    /// The store of `account`, writing through `database` (the hold's).
    init(account: String, database: any Database, clock: any HomeroomClock) {
        state = AdapterState(adapter: "matrix", account: account)
        self.database = database
        self.clock = clock
    }

    // MARK: Commands

    /// True when the command `eventID` was handled (or began to be) since the position was stored.
    func isMarked(_ eventID: String) async throws -> Bool {
        try await state.value(for: Self.eventPrefix + eventID, in: database) != nil
    }

    /// Step 1: notes that the command `eventID` is about to be run.
    func start(_ eventID: String, _ started: Started) async throws {
        try await apply([.set(Self.eventPrefix + eventID, try Self.json(started), about: nil)])
    }

    /// Step 3: notes that the command `eventID` was run, and keeps its answer; returns the answer's
    /// key (nil: no answer to keep). An answer too long to keep is returned unkept (nil key) and
    /// logged by the caller: it is still sent, though not after a stop.
    func finish(_ eventID: String, answer: Pending?) async throws -> String? {
        var changes: [AdapterState.Change] = [.set(Self.eventPrefix + eventID, Self.done, about: nil)]
        var key: String?
        if let answer, answer.answer != .none, let value = try? Self.json(answer),
            value.utf8.count <= AdapterState.maximumLength
        {
            let answerKey = nextKey(Self.answerPrefix)
            changes.append(.set(answerKey, value, about: UserID(adapter: "matrix", id: answer.asker.userID)))
            key = answerKey
        }
        try await apply(changes)
        return key
    }

    /// Keeps an answer that answers no command (a notice to a room or a person); returns its key.
    func keep(_ answer: Pending) async throws -> String {
        let key = nextKey(Self.answerPrefix)
        try await apply([.set(key, try Self.json(answer), about: UserID(adapter: "matrix", id: answer.asker.userID))])
        return key
    }

    /// Step 5: stores the sync position `position` and forgets the commands' marks.
    func advance(to position: String) async throws {
        try await apply([.set(MatrixSyncSession.sinceKey, position, about: nil), .removeAll(prefix: Self.eventPrefix)])
    }

    // MARK: Sending

    /// Step 6: keeps `outgoing` as it goes out, in place of the answers it answers (`keys`); returns its key.
    func sending(_ outgoing: MatrixOutgoing) async throws -> String {
        let key = nextKey(Self.sendingPrefix)
        try await apply([.set(key, try Self.json(outgoing), about: nil)] + outgoing.keys.map { .remove($0) })
        return key
    }

    /// Forgets the rows `keys` (a message sent, or given up).
    func remove(_ keys: [String]) async throws {
        try await apply(keys.map { .remove($0) })
    }

    // MARK: Resuming

    /// What a session resumes with: the messages that were being sent (each with its key, in
    /// ``MatrixOutgoing/storedAs``) and the answers not sent yet, with their keys.
    struct Unsent: Sendable {
        var sending: [MatrixOutgoing] = []
        var pending: [(key: String, answer: Pending)] = []
    }

    /// Steps 7 to 9: answers each command cut in the middle with ``MatrixNotices/interrupted``,
    /// and returns what is kept unsent. A row that cannot be read is removed (and counted in `unreadable`).
    func resume(renderer: MatrixAnswerRenderer) async throws -> (unsent: Unsent, interrupted: Int, unreadable: Int) {
        var unreadable: [String] = []
        var interrupted = 0
        let marks = try await state.values(withPrefix: Self.eventPrefix, limit: Int.max, in: database)
        let sendingRows = try await state.values(withPrefix: Self.sendingPrefix, limit: Int.max, in: database)
        // Every kept key counts, not only the first few resumed: a new key must never be one in use.
        let existing =
            try await state.values(withPrefix: Self.answerPrefix, limit: Int.max, in: database) + sendingRows
        let highest = existing.compactMap { UInt64($0.key.split(separator: ":").last ?? "") }.max() ?? 0
        counter.withLock { $0 = max($0, highest) }
        for (key, value) in marks where value != Self.done {
            guard let started = try? Self.decode(Started.self, value) else {
                unreadable.append(key)
                continue
            }
            let eventID = String(key.dropFirst(Self.eventPrefix.count))
            let answer = renderer.interrupted(started.asker, inRoom: !started.isDirect)
            _ = try await finish(eventID, answer: Pending(roomID: started.roomID, asker: started.asker, answer: answer))
            interrupted += 1
        }
        var unsent = Unsent()
        for (key, value) in sendingRows.prefix(Self.maximumKept) {
            guard var outgoing = try? Self.decode(MatrixOutgoing.self, value) else {
                unreadable.append(key)
                continue
            }
            outgoing.storedAs = key
            unsent.sending.append(outgoing)
        }
        for (key, value) in try await state.values(withPrefix: Self.answerPrefix, limit: Self.maximumKept, in: database)
        {
            guard let pending = try? Self.decode(Pending.self, value) else {
                unreadable.append(key)
                continue
            }
            unsent.pending.append((key, pending))
        }
        if !unreadable.isEmpty { try await remove(unreadable) }
        return (unsent, interrupted, unreadable.count)
    }

    // MARK: Inside

    /// Makes `changes` in one transaction that runs to its end even when the caller is cancelled
    /// meanwhile: a command once run keeps its mark and its answer, and a message once sent is
    /// forgotten, whatever stops the session between the two. (A transaction that is cut short is
    /// rolled back by the storage layer, which leaves the database writable either way.)
    private func apply(_ changes: [AdapterState.Change]) async throws {
        let (state, database, now) = (state, database, clock.now)
        try await Task { try await state.apply(changes, at: now, in: database) }.value
    }

    /// The next key of `prefix`: a number counting up, zero-padded so that the keys sort in order.
    private func nextKey(_ prefix: String) -> String {
        let number = counter.withLock { counter in
            counter += 1
            return counter
        }
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
