import Foundation
import HomeroomCore

/// The path from a recognised chat message to the lines that go out, for one connection of any
/// chat adapter: the place of each answer in the outgoing queue (so answers keep the order of the
/// questions), repeats and a busy channel's identical answers folded (``ChannelAnswerBoard``),
/// `!more` pages (``MoreBook``), addressing, and the platform's send budget.
///
/// A value, with time passed in: the adapter keeps one in the actor of its connection and calls
/// it there; tests drive it at chosen instants. Rendering and dispatch happen outside, between
/// ``accept(_:from:in:takingMore:at:on:)`` and ``finish(_:with:at:on:)``. A question the same
/// asker asked in the same channel and is still being answered waits for that answer (`finish`
/// hands it out then): only then is it known whether it repeats it (the rate limit does not count
/// a repeat), and its identical answer folds into the earlier one.
///
/// An adapter that keeps answers until they are sent (so that none is lost across a restart)
/// hands each one's key in with it (``RenderedAnswer/receipt``); the machine gives the key back
/// with the line that completes the answer, which may carry several when askers were folded into
/// one answer or named in one pointer line, or at once when nothing is to be sent for it.
package struct ConversationMachine<Budget: SendBudget>: Sendable {
    /// What the platform sends.
    package typealias Line = Budget.Line
    /// The place of an answer in the queue.
    package typealias Ticket = OutgoingQueue<Budget>.Ticket

    /// A question accepted: the place of its answer, and what the answer is rendered from.
    package struct Accepted: Sendable, Equatable {
        /// The place its answer fills.
        package let ticket: Ticket
        /// True when the asker asked the same in the same channel within the coalescing window:
        /// the rate limit does not count it.
        package let isRepeat: Bool
        /// For a `!more`, the page taken from what was kept; nil for any other question.
        package let more: MoreTaken?
    }

    /// What became of a question offered to ``accept(_:from:in:takingMore:at:on:)``.
    package enum Acceptance: Sendable, Equatable {
        /// Its answer may be rendered now.
        case now(Accepted)
        /// The same question from the same asker is still being answered: this one, in the place
        /// `ticket` holds, is handed out by ``finish(_:with:at:on:)`` once that one's answer is in.
        case afterTheSameQuestion(Ticket)
    }

    /// A question waiting for the answer to the same question asked before.
    private struct Waiting: Sendable {
        let ticket: Ticket
        let question: String
        let asker: String
        let channel: String
        let pageSize: Int?
    }

    /// Commands being answered at one time; a message beyond them is not answered (a flood the
    /// server relays, or a hostile server, cannot start work without end).
    package static var maximumAnswersInProgress: Int { 200 }
    /// Answers kept for `!more` at one time; a new one replaces the oldest.
    package static var maximumKeptAnswers: Int { 500 }
    /// Places waiting in the outgoing queue at most; a question beyond them is not answered (a
    /// platform that takes lines slower than people ask cannot make the queue grow without end).
    package static var maximumWaiting: Int { 1000 }

    private var queue: OutgoingQueue<Budget>
    private var board: ChannelAnswerBoard
    private var more = MoreBook(capacity: maximumKeptAnswers)
    /// Channel answers that may still be written again (their first line has not gone out), and
    /// which answer a place holds.
    private var waitingAnswers: [ChannelAnswerBoard.AnswerID: (ticket: Ticket, answer: ChannelAnswer)] = [:]
    private var answerInPlace: [Int: ChannelAnswerBoard.AnswerID] = [:]
    /// Channel questions being answered, by channel, asker and question: their places in the
    /// order asked.
    private var questionsInFlight: [String: [Int]] = [:]
    private var questionInPlace: [Int: String] = [:]
    /// Questions waiting for the answer to the same question asked before, by place.
    private var waitingQuestions: [Int: Waiting] = [:]
    private var answersInProgress = 0
    /// The receipts of the answers a place's lines complete, by place.
    private var receiptsInPlace: [Int: [String]] = [:]
    /// The receipts of late askers' answers, by the answer they are pointed to, until the line
    /// pointing to it is queued.
    private var pointedReceipts: [ChannelAnswerBoard.AnswerID: [String]] = [:]
    /// Receipts of answers for which nothing is to be sent, not yet taken.
    private var settledReceipts: [String] = []

    /// An empty conversation spending `budget`, coalescing channel answers with `channelAnswers`.
    package init(budget: Budget, channelAnswers: ChannelAnswerSettings) {
        queue = OutgoingQueue(budget: budget)
        board = ChannelAnswerBoard(settings: channelAnswers)
    }

    /// Accepts `question` from `asker` in `channel` (nil: a direct message): reserves the place
    /// of its answer, tells whether it repeats a question answered lately, and for a `!more`
    /// (`takingMore`, a page size) takes the page now, so that two of them never show the same
    /// lines: from what was kept in its conversation, else, in a channel, from what was kept for
    /// the asker alone. A question the asker is still being answered in the channel waits for that
    /// answer. nil when ``maximumAnswersInProgress`` commands are being answered already.
    package mutating func accept(
        _ question: String, from asker: String, in channel: String?, takingMore pageSize: Int?, at now: Date,
        on platform: some ConversationNaming
    ) -> Acceptance? {
        guard let ticket = reserveAnswer(to: channel ?? asker) else { return nil }
        if let channel {
            let key = [platform.key(channel), platform.key(asker), ChannelAnswerBoard.normalized(question)]
                .joined(separator: "\u{0}")
            let askedBefore = questionsInFlight[key]?.isEmpty == false
            questionsInFlight[key, default: []].append(ticket.id)
            questionInPlace[ticket.id] = key
            if askedBefore {
                waitingQuestions[ticket.id] = Waiting(
                    ticket: ticket, question: question, asker: asker, channel: channel, pageSize: pageSize)
                return .afterTheSameQuestion(ticket)
            }
        }
        return .now(accepted(ticket, question, from: asker, in: channel, takingMore: pageSize, at: now, on: platform))
    }

    /// What the answer in the place `ticket` holds is rendered from, as the conversation stands at `now`.
    private mutating func accepted(
        _ ticket: Ticket, _ question: String, from asker: String, in channel: String?, takingMore pageSize: Int?,
        at now: Date, on platform: some ConversationNaming
    ) -> Accepted {
        let isRepeat =
            channel.map {
                board.isRepeat(question, in: ($0, platform.key($0)), by: (asker, platform.key(asker)), at: now)
            }
            ?? false
        var taken: MoreTaken?
        if let pageSize {
            if let page = more.take(pageSize, for: moreKey(channel ?? asker, asker, on: platform)) {
                taken = .here(page)
            } else if channel != nil, let page = more.take(pageSize, for: moreKey(asker, asker, on: platform)) {
                taken = .forTheAsker(page)
            } else {
                taken = .nothingKept
            }
        }
        return Accepted(ticket: ticket, isRepeat: isRepeat, more: taken)
    }

    /// Reserves the place of an answer to `target`, or nil when ``maximumAnswersInProgress``
    /// commands are being answered already.
    package mutating func reserveAnswer(to target: String) -> Ticket? {
        guard answersInProgress < Self.maximumAnswersInProgress, queue.count < Self.maximumWaiting else { return nil }
        answersInProgress += 1
        return queue.reserve(lane: .reply, target: target)
    }

    /// Takes back an answer rendered for the place `ticket` holds: keeps its lines for the
    /// asker's `!more` and fills the place (``fill(_:with:to:at:on:)``). Hands out the same question
    /// asked again meanwhile, if one waits for this answer
    /// (``Acceptance/afterTheSameQuestion(_:)``): its answer may be rendered now.
    package mutating func finish(
        _ ticket: Ticket, with rendered: RenderedAnswer<Line>, at now: Date,
        on platform: some ConversationPlatform<Line>
    ) -> Accepted? {
        fill(ticket, with: rendered.answer, to: rendered.asker, receipt: rendered.receipt, at: now, on: platform)
        return settle(
            ticket, asker: rendered.asker, keeping: rendered.keptForMore, in: rendered.language, at: now, on: platform)
    }

    /// Takes back the place `ticket` holds once its answer went out in the response to its
    /// question, for a platform that answers each question so (a webhook): nothing is queued for
    /// it, nor folded with other answers. Keeps `keptForMore` for the asker's `!more`, and hands
    /// out the same question asked again meanwhile, as ``finish(_:with:at:on:)`` does.
    package mutating func finishInResponse(
        _ ticket: Ticket, asker: String, keeping keptForMore: [RenderedAnswer<Line>.Kept] = [], at now: Date,
        on platform: some ConversationNaming
    ) -> Accepted? {
        queue.fill(ticket, with: [])
        return settle(ticket, asker: asker, keeping: keptForMore, in: nil, at: now, on: platform)
    }

    /// The answer in the place `ticket` holds is done: what it keeps for `!more` is kept (with the
    /// answer's `language`), and the same question asked again meanwhile, if one waits for it, is
    /// handed out.
    private mutating func settle(
        _ ticket: Ticket, asker: String, keeping keptForMore: [RenderedAnswer<Line>.Kept], in language: Language?,
        at now: Date, on platform: some ConversationNaming
    ) -> Accepted? {
        answersInProgress = max(0, answersInProgress - 1)
        for kept in keptForMore {
            more.keep(kept.lines, for: moreKey(kept.conversation, asker, on: platform), language: language)
        }
        guard let next = questionAnswered(in: ticket.id), let waiting = waitingQuestions.removeValue(forKey: next)
        else { return nil }
        return accepted(
            waiting.ticket, waiting.question, from: waiting.asker, in: waiting.channel, takingMore: waiting.pageSize,
            at: now, on: platform)
    }

    /// The question in a place has its answer; returns the place of the next answer to the same
    /// question, if one waits.
    private mutating func questionAnswered(in ticketID: Int) -> Int? {
        guard let key = questionInPlace.removeValue(forKey: ticketID) else { return nil }
        questionsInFlight[key]?.removeAll { $0 == ticketID }
        guard let following = questionsInFlight[key]?.first else {
            questionsInFlight[key] = nil
            return nil
        }
        return following
    }

    /// Fills the place of an answer to `asker`: with its lines; for a channel answer, with the
    /// answer addressed to its askers, unless the same answer waits already (the asker joins it) or
    /// went out lately (the asker is named in the line pointing to it); urgent notices go ahead.
    /// The answer's `receipt` goes with the lines that complete it, or is settled at once.
    private mutating func fill(
        _ ticket: Ticket, with answer: ConversationAnswer<Line>, to asker: String, receipt: String?, at now: Date,
        on platform: some ConversationPlatform<Line>
    ) {
        switch answer {
        case .lines(let lines):
            queue.fill(ticket, with: lines)
            track(receipt, in: lines.isEmpty ? nil : ticket)
        case .toTheAsker(let lines, let shown, let channel, let asker, let question, let pointer):
            let isNew = board.answeredPrivately(
                shown, in: (channel, platform.key(channel)), to: (asker, platform.key(asker)), question: question,
                at: now)
            let sent = (isNew ? lines : []) + (pointer.map { [$0] } ?? [])
            queue.fill(ticket, with: sent)
            track(receipt, in: sent.isEmpty ? nil : ticket)
        case .urgent(let notices):
            queue.fill(ticket, with: [])
            let ahead = notices.isEmpty ? nil : queue.reserve(lane: .control, target: asker)
            if let ahead { queue.fill(ahead, with: notices) }
            track(receipt, in: ahead)
        case .channel(let channelAnswer):
            let offer = board.offer(
                channelAnswer.pieces, in: (channelAnswer.channel, platform.key(channelAnswer.channel)),
                to: (channelAnswer.asker, platform.key(channelAnswer.asker)), question: channelAnswer.question,
                language: channelAnswer.language, at: now)
            switch offer {
            case .send(let id):
                waitingAnswers[id] = (ticket, channelAnswer)
                answerInPlace[ticket.id] = id
                queue.fill(ticket, with: addressedLines(of: id, on: platform))
                track(receipt, in: ticket)
            case .joined(let id):
                queue.fill(ticket, with: [])
                if let waiting = waitingAnswers[id] {
                    _ = queue.replace(waiting.ticket, with: addressedLines(of: id, on: platform))
                }
                track(receipt, in: waitingAnswers[id]?.ticket)
            case .pointed(let id):
                queue.fill(ticket, with: [])
                if let receipt { point(receipt, to: id) }
            case .alreadyNamed:
                queue.fill(ticket, with: [])
                track(receipt, in: nil)
            }
        }
    }

    /// Notes that `receipt` goes with the line pointing late askers to the answer `id`. Receipts
    /// for more answers than the board keeps are settled, the oldest first: an answer the board
    /// forgot has no pointer to come.
    private mutating func point(_ receipt: String, to id: ChannelAnswerBoard.AnswerID) {
        pointedReceipts[id, default: []].append(receipt)
        if pointedReceipts.count > ChannelAnswerBoard.maximumAnswers, let oldest = pointedReceipts.keys.min() {
            settledReceipts += pointedReceipts.removeValue(forKey: oldest) ?? []
        }
    }

    /// Notes that `receipt` goes with the lines of the place `ticket` holds; nil: nothing is sent for it.
    private mutating func track(_ receipt: String?, in ticket: Ticket?) {
        guard let receipt else { return }
        guard let ticket else { return settledReceipts.append(receipt) }
        receiptsInPlace[ticket.id, default: []].append(receipt)
    }

    /// The receipts of the answers for which nothing was to be sent since the last call: they
    /// may be forgotten now.
    package mutating func takeSettledReceipts() -> [String] {
        defer { settledReceipts = [] }
        return settledReceipts
    }

    /// The key of what `person` keeps for `!more` in `conversation`.
    private func moreKey(_ conversation: String, _ person: String, on platform: some ConversationNaming)
        -> MoreBook.Key
    {
        MoreBook.Key(conversation: platform.key(conversation), person: platform.key(person))
    }

    /// The waiting answer's lines, addressed to everyone it answers now.
    private func addressedLines(of id: ChannelAnswerBoard.AnswerID, on platform: some ConversationPlatform<Line>)
        -> [Line]
    {
        guard let answer = waitingAnswers[id]?.answer else { return [] }
        let (names, others) = board.addressees(of: id)
        return platform.addressed(answer, to: names, others: others)
    }

    /// Queues `lines` for `target` at the end of `lane`.
    package mutating func send(_ lines: [Line], lane: OutgoingLane, target: String) {
        queue.append(lines, lane: lane, target: target)
    }

    /// Reserves a place for `lines` to `target` at the end of `lane` and fills it: the ticket
    /// tells when its last line was taken (``OutgoingQueue/Step/completes``).
    package mutating func sendTracked(_ lines: [Line], lane: OutgoingLane, target: String) -> Ticket {
        let ticket = queue.reserve(lane: lane, target: target)
        queue.fill(ticket, with: lines)
        return ticket
    }

    /// When the next line naming late askers is due, if one is gathering names.
    package var nextPointerDue: Date? { board.nextPointerDue }

    /// The line to write at `now` (the lines naming late askers that are due queued first, and an
    /// answer whose first line this is marked as sent), or how long until one may be ready.
    package mutating func next(at now: Date, on platform: some ConversationPlatform<Line>) -> OutgoingQueue<Budget>.Step
    {
        // Each pointer goes ahead of the channel's waiting answers, so the newest is queued first.
        for pointer in board.duePointers(at: now).reversed() {
            let ticket = queue.appendAhead(
                [platform.pointer(to: pointer.names, in: pointer.channel, language: pointer.language)], lane: .reply,
                target: pointer.channel)
            for receipt in pointedReceipts.removeValue(forKey: pointer.answer) ?? [] { track(receipt, in: ticket) }
        }
        var step = queue.next(now: now)
        if let completes = step.completes { step.receipts = receiptsInPlace.removeValue(forKey: completes) ?? [] }
        if step.line != nil {
            if let starts = step.starts, let id = answerInPlace.removeValue(forKey: starts) {
                // An answer's first line went out: whoever asks the same from now on is pointed to it.
                waitingAnswers[id] = nil
                board.sent(id, at: now)
            }
            return step
        }
        let pointerWait = board.nextPointerDue.map { max(0.001, $0.timeIntervalSince(now)) }
        step.wait = [step.wait, pointerWait].compactMap { $0 }.min()
        return step
    }
}
