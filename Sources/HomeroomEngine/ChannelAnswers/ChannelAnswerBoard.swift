import Foundation
import HomeroomCore

/// The answers a chat adapter has queued or sent in its channels lately, so that a class asking
/// the same thing at once gets one answer that names them all, not thirty copies.
///
/// The adapter asks the board before it queues a channel answer
/// (``offer(_:in:to:question:language:at:)``):
/// - an answer with the same lines in the same channel that is still waiting to go out takes the
///   asker as one more addressee (``Offer/joined(_:)``): the adapter renders the addressees when
///   the answer's first line goes out (``addressees(of:)``, then ``sent(_:at:)``);
/// - one that went out within the window names the asker in a short line sent after a pause in
///   which more late askers may gather (``Offer/pointed(_:)``, ``duePointers(at:)``);
/// - an answer that differs (the menu was edited in between) is a new answer (``Offer/send(_:)``).
///
/// Before it handles a command, the adapter asks whether the same person asked the same thing in
/// the same channel within the window (``isRepeat(_:in:by:at:)``): such a repeat costs them
/// nothing against the rate limit. It is handled again (the menu may have changed), and an
/// identical answer folds as above: the asker is named at most once more.
///
/// Conversations and askers are given as the adapter's keys (folded by the platform's case
/// rules) with the names to show. Everything is capped; answers older than the window are
/// forgotten. Time is passed in, so the board is tested at chosen instants.
package struct ChannelAnswerBoard: Sendable {
    /// An answer's identity on the board.
    package typealias AnswerID = Int

    /// What to do with a channel answer.
    package enum Offer: Sendable, Equatable {
        /// A new answer: queue it, addressed to ``addressees(of:)`` when it goes out.
        case send(AnswerID)
        /// The same answer is waiting to go out; it now names this asker too.
        case joined(AnswerID)
        /// The same answer went out; this asker is named in the line that points to it.
        case pointed(AnswerID)
        /// This asker was named for the same answer already: nothing more to send.
        case alreadyNamed(AnswerID)
    }

    /// A line pointing late askers to an answer that went out.
    package struct Pointer: Sendable, Equatable {
        /// The answer it points to.
        package let answer: AnswerID
        /// The channel, as named when the answer was offered.
        package let channel: String
        /// The late askers, in the order they asked.
        package let names: [String]
        /// The language of the answer: the line is said in it (nil: English).
        package var language: Language? = nil
    }

    private struct Person: Sendable {
        var name: String
        var key: String
    }

    private struct GatheringPointer: Sendable {
        var people: [Person] = []
        var openedAt: Date
        var lastJoinedAt: Date
    }

    private struct Answer: Sendable {
        let conversation: String
        let channel: String
        let lines: [String]
        /// The language it is in, as its first asker got it.
        let language: Language?
        /// An answer for its asker alone (a notice in the channel): a repeat is folded into it
        /// while it waits and after it went out, and nobody else joins it.
        var isPrivate = false
        var addressees: [Person] = []
        /// Everyone named so far, in the answer or in a pointer.
        var named: Set<String> = []
        /// Everyone named by a pointer line already (a repeat after that is folded in silence).
        var pointedAt: Set<String> = []
        var sentAt: Date?
        var pointer: GatheringPointer?
    }

    private struct ContentKey: Hashable {
        let conversation: String
        let lines: [String]
    }

    private struct QuestionKey: Hashable {
        let conversation: String
        let asker: String
        let question: String
    }

    /// Answers remembered at one time; beyond, the oldest are forgotten.
    package static let maximumAnswers = 500
    /// Addressees one answer keeps by name; later ones are still answered, counted as others.
    package static let maximumAddressees = 1000
    /// Questions remembered for folding repeats.
    package static let maximumQuestions = 5000
    /// People one answer remembers having named; later ones are answered as already named.
    package static let maximumNamed = 5000

    /// The window in seconds.
    package let window: TimeInterval
    private var answers: [AnswerID: Answer] = [:]
    private var byContent: [ContentKey: AnswerID] = [:]
    private var byQuestion: [QuestionKey: AnswerID] = [:]
    private var nextID: AnswerID = 0

    /// A board that keeps answers for `settings`' window.
    package init(settings: ChannelAnswerSettings) {
        window = min(max(0, settings.coalesceWindowSeconds), ChannelAnswerSettings.longestWindowSeconds)
    }

    /// True when the board coalesces at all.
    private var isCoalescing: Bool { window > 0 }

    /// True when `asker` asked `question` in `channel` within the window and its answer is still
    /// on the board: a repeat, which the rate limit does not count. It is handled again all the
    /// same (something may have changed in between); an identical answer is then folded by
    /// ``offer(_:in:to:question:language:at:)``. `question` is the command as typed, compared
    /// without regard to case and surrounding spaces.
    package func isRepeat(
        _ question: String, in channel: (name: String, key: String), by asker: (name: String, key: String), at now: Date
    ) -> Bool {
        guard isCoalescing else { return false }
        let key = QuestionKey(conversation: channel.key, asker: asker.key, question: Self.normalized(question))
        guard let id = byQuestion[key], let answer = answers[id] else { return false }
        return !isExpired(answer, at: now)
    }

    /// What to do with an answer of `lines` in `channel` to `asker`, who asked `question` (nil:
    /// a question whose repeat is not folded, such as `more`, which shows the next page). A new
    /// answer is in `language`, which the line pointing late askers to it is said in; one folded
    /// into it keeps the first's.
    package mutating func offer(
        _ lines: [String], in channel: (name: String, key: String), to asker: (name: String, key: String),
        question: String?, language: Language? = nil, at now: Date
    ) -> Offer {
        let person = Person(name: asker.name, key: asker.key)
        forgetExpired(at: now)
        guard isCoalescing else {
            return .send(newAnswer(lines, in: channel, for: person, language: language, coalescing: false))
        }
        let offer: Offer
        if let id = byContent[ContentKey(conversation: channel.key, lines: lines)] {
            offer = include(person, in: id, at: now)
        } else {
            offer = .send(newAnswer(lines, in: channel, for: person, language: language, coalescing: true))
        }
        if let question { remember(question, in: channel.key, by: asker.key, answer: offer.answer) }
        return offer
    }

    /// Notes an answer of `lines` given in `channel` to `asker` alone (a notice), so that their
    /// repeat of `question` within the window is not counted by the rate limit; false when the
    /// same lines went to them within the window already (no need to send them again).
    package mutating func answeredPrivately(
        _ lines: [String], in channel: (name: String, key: String), to asker: (name: String, key: String),
        question: String?, at now: Date
    ) -> Bool {
        forgetExpired(at: now)
        guard isCoalescing else { return true }
        let privately = (name: channel.name, key: channel.key + "\u{0}" + asker.key)
        if let id = byContent[ContentKey(conversation: privately.key, lines: lines)], answers[id] != nil {
            return false
        }
        let id = newAnswer(
            lines, in: privately, for: Person(name: asker.name, key: asker.key), language: nil, coalescing: true)
        answers[id]?.isPrivate = true
        answers[id]?.sentAt = now
        if let question { remember(question, in: channel.key, by: asker.key, answer: id) }
        return true
    }

    /// The names an answer is addressed to, in the order they asked (at most ``maximumAddressees``),
    /// and how many more asked beyond them.
    package func addressees(of id: AnswerID) -> (names: [String], others: Int) {
        guard let answer = answers[id] else { return ([], 0) }
        return (answer.addressees.map(\.name), max(0, answer.named.count - answer.addressees.count))
    }

    /// The answer's first line went out: its addressees are final, and later askers are pointed to it.
    package mutating func sent(_ id: AnswerID, at now: Date) {
        answers[id]?.sentAt = now
    }

    /// Forgets an answer (expired, or the oldest when the board is full): later askers get their own.
    private mutating func dropped(_ id: AnswerID) {
        guard let answer = answers.removeValue(forKey: id) else { return }
        // Remembered questions of the answer lapse with it (ids are never reused).
        let key = ContentKey(conversation: answer.conversation, lines: answer.lines)
        if byContent[key] == id { byContent[key] = nil }
    }

    /// When the next pointer line is due, if one is gathering names.
    package var nextPointerDue: Date? {
        answers.values.compactMap { $0.pointer.map(Self.due) }.min()
    }

    /// The pointer lines due at `now`, oldest answer first; their names count as told.
    package mutating func duePointers(at now: Date) -> [Pointer] {
        var due: [Pointer] = []
        for id in answers.keys.sorted() {
            guard let answer = answers[id], let pointer = answer.pointer, Self.due(pointer) <= now else { continue }
            answers[id]?.pointer = nil
            answers[id]?.pointedAt.formUnion(pointer.people.map(\.key))
            due.append(
                Pointer(
                    answer: id, channel: answer.channel, names: pointer.people.map(\.name), language: answer.language))
        }
        return due
    }

    // MARK: Inside

    private static func due(_ pointer: GatheringPointer) -> Date {
        min(
            pointer.lastJoinedAt.addingTimeInterval(ChannelAnswerSettings.pointerQuietSeconds),
            pointer.openedAt.addingTimeInterval(ChannelAnswerSettings.pointerLongestWaitSeconds))
    }

    /// A question as the board compares it: without surrounding spaces, in lower case.
    package static func normalized(_ question: String) -> String {
        question.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private mutating func newAnswer(
        _ lines: [String], in channel: (name: String, key: String), for person: Person, language: Language?,
        coalescing: Bool
    ) -> AnswerID {
        // Full: the oldest answer goes, one with late askers still gathering only when all have them.
        if answers.count >= Self.maximumAnswers,
            let oldest = answers.filter({ $0.value.pointer == nil }).keys.min() ?? answers.keys.min()
        {
            dropped(oldest)
        }
        nextID += 1
        var answer = Answer(conversation: channel.key, channel: channel.name, lines: lines, language: language)
        answer.addressees = [person]
        answer.named = [person.key]
        answers[nextID] = answer
        if coalescing { byContent[ContentKey(conversation: channel.key, lines: lines)] = nextID }
        return nextID
    }

    /// Adds `person` to the answer: as an addressee while it waits, to its pointer once it went out.
    private mutating func include(_ person: Person, in id: AnswerID, at now: Date) -> Offer {
        guard var answer = answers[id] else { return .alreadyNamed(id) }
        guard !answer.isPrivate, answer.named.count < Self.maximumNamed || answer.named.contains(person.key) else {
            return .alreadyNamed(id)
        }
        defer { answers[id] = answer }
        if answer.sentAt == nil {
            if answer.named.insert(person.key).inserted, answer.addressees.count < Self.maximumAddressees {
                answer.addressees.append(person)
            }
            return .joined(id)
        }
        // Went out: a late asker is pointed to it once; someone named in it, once after that.
        guard !answer.pointedAt.contains(person.key) else { return .alreadyNamed(id) }
        var pointer = answer.pointer ?? GatheringPointer(openedAt: now, lastJoinedAt: now)
        guard !pointer.people.contains(where: { $0.key == person.key }) else { return .pointed(id) }
        if pointer.people.count < Self.maximumAddressees { pointer.people.append(person) }
        pointer.lastJoinedAt = now
        answer.pointer = pointer
        answer.named.insert(person.key)
        return .pointed(id)
    }

    private mutating func remember(_ question: String, in conversation: String, by asker: String, answer: AnswerID) {
        if byQuestion.count >= Self.maximumQuestions {
            byQuestion = byQuestion.filter { answers[$0.value] != nil }
            if byQuestion.count >= Self.maximumQuestions { byQuestion.removeAll() }
        }
        byQuestion[QuestionKey(conversation: conversation, asker: asker, question: Self.normalized(question))] = answer
    }

    /// True for an answer that went out longer ago than the window and has no pointer left to send.
    private func isExpired(_ answer: Answer, at now: Date) -> Bool {
        guard answer.pointer == nil, let sentAt = answer.sentAt else { return false }
        return now.timeIntervalSince(sentAt) >= window
    }

    /// Forgets the expired answers.
    private mutating func forgetExpired(at now: Date) {
        for (id, answer) in answers where isExpired(answer, at: now) { dropped(id) }
    }
}

extension ChannelAnswerBoard.Offer {
    /// The answer the offer is about.
    package var answer: ChannelAnswerBoard.AnswerID {
        switch self {
        case .send(let id), .joined(let id), .pointed(let id), .alreadyNamed(let id): id
        }
    }
}
