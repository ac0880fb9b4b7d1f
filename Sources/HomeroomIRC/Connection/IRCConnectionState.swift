import Foundation
import HomeroomCore

/// One live connection's state, shared by its reader, writer and ticker: the session, the
/// outgoing queue, the channel answers being coalesced (``ChannelAnswerBoard``), the answers
/// waiting behind `!more` (``MoreBook``) and the WHOIS lookups waiting for the server.
///
/// An answer takes two calls: ``snapshot(for:answeredIn:takingMore:now:)`` when its command's
/// turn comes, and ``finish(_:with:now:)`` with what was rendered from it.
actor IRCConnectionState {
    private struct WhoisWaiter {
        let deadline: Date
        let continuation: CheckedContinuation<IRCWhoisAnswer?, Never>
    }

    /// A channel answer whose first line has not gone out: its place and its unaddressed lines.
    private typealias WaitingAnswer = (ticket: OutgoingQueue.Ticket, answer: IRCChannelAnswer)

    /// Seconds a WHOIS may take before it counts as unanswered.
    static let whoisTimeout: TimeInterval = 15
    /// Answers kept for `!more` at one time; a new one replaces the oldest.
    static let maximumKeptAnswers = 500
    /// Commands being answered at one time; a message beyond them is not answered (a flood the
    /// server relays, or a hostile server, cannot start work without end).
    static let maximumAnswersInProgress = 200

    private var session: IRCSession
    private var queue: OutgoingQueue
    private var board: ChannelAnswerBoard
    /// Channel answers that may still be written again (their first line has not gone out):
    /// the answer's place, its unaddressed lines, and which answer a place holds.
    private var waitingAnswers: [ChannelAnswerBoard.AnswerID: WaitingAnswer] = [:]
    private var answerInPlace: [Int: ChannelAnswerBoard.AnswerID] = [:]
    /// Channel questions being answered, by channel, asker and question: the places of their
    /// answers in the order asked, so that a repeat waits for the first and is then folded.
    private var questionsInFlight: [String: [Int]] = [:]
    private var questionInPlace: [Int: String] = [:]
    /// Repeats waiting for the answer in a place to be filled, by that place.
    private var repeatsWaiting: [Int: [CheckedContinuation<Void, Never>]] = [:]
    private var writerWaiting: CheckedContinuation<Void, Never>?
    /// Senders waiting until their lines are written, by ticket id.
    private var confirmations: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var closed = false
    /// The QUIT that ends the connection, from ``sayGoodbye(_:)`` until the writer takes it.
    private var goodbye: IRCMessage?
    /// True once the goodbye was asked for: nothing is written after it.
    private var leaving = false
    /// Answer lines not shown yet, by conversation and person.
    private var more = MoreBook(capacity: IRCConnectionState.maximumKeptAnswers)
    private var answersInProgress = 0
    /// Those waiting for a WHOIS answer, by folded nick.
    private var whoisWaiters: [String: [WhoisWaiter]] = [:]

    init(
        settings: IRCSessionSettings, flood: FloodControl, channelAnswers: ChannelAnswerSettings = .init(), now: Date
    ) {
        session = IRCSession(settings: settings, now: now)
        queue = OutgoingQueue(flood: flood, now: now)
        board = ChannelAnswerBoard(settings: channelAnswers)
    }

    var nick: String { session.nick }
    var userAndHost: String? { session.userAndHost }
    var isRegistered: Bool { session.isRegistered }

    func isJoined(_ channel: String) -> Bool { session.joinedChannels.contains(session.caseMapping.fold(channel)) }

    func start(now: Date) -> [IRCSession.Action] { queued(session.start(now: now)) }
    func receive(_ message: IRCMessage, now: Date) -> [IRCSession.Action] {
        queued(session.receive(message, now: now))
    }
    func tick(now: Date) -> [IRCSession.Action] {
        expireWhois(now: now)
        return queued(session.tick(now: now))
    }

    /// Asks the server who holds `nick` and waits for the answer: nil when it did not come within
    /// ``whoisTimeout``, could not be asked, or the connection closed first.
    func whois(_ nick: String, now: Date = Date()) async -> IRCWhoisAnswer? {
        guard !closed, let actions = session.whois(nick) else { return nil }
        let key = session.caseMapping.fold(nick)
        return await withCheckedContinuation { continuation in
            whoisWaiters[key, default: []].append(
                WhoisWaiter(deadline: now.addingTimeInterval(Self.whoisTimeout), continuation: continuation))
            _ = queued(actions)
        }
    }

    /// The nicks to ask about when looking for whoever is logged in to `account`.
    func nicksToAsk(forAccount account: String) -> [String] { session.nicksToAsk(forAccount: account) }

    /// True when `a` and `b` are the same name under the server's case mapping.
    func sameName(_ a: String, _ b: String) -> Bool { session.caseMapping.equal(a, b) }

    private func answered(_ answer: IRCWhoisAnswer) {
        for waiter in whoisWaiters.removeValue(forKey: session.caseMapping.fold(answer.nick)) ?? [] {
            waiter.continuation.resume(returning: answer)
        }
    }

    private func expireWhois(now: Date) {
        for (key, waiters) in whoisWaiters {
            let (late, waiting) = (waiters.filter { $0.deadline <= now }, waiters.filter { $0.deadline > now })
            guard !late.isEmpty else { continue }
            for waiter in late { waiter.continuation.resume(returning: nil) }
            whoisWaiters[key] = waiting.isEmpty ? nil : waiting
            if waiting.isEmpty { session.cancelWhois(key) }
        }
    }

    /// Queues the `send` actions, hands WHOIS answers to those waiting, and hands back the others.
    private func queued(_ actions: [IRCSession.Action]) -> [IRCSession.Action] {
        var rest: [IRCSession.Action] = []
        for action in actions {
            switch action {
            case .send(let message, let lane):
                queue.append([message], lane: lane, target: message.parameter(0) ?? "")
            case .whois(let answer):
                answered(answer)
            default:
                rest.append(action)
            }
        }
        wakeWriter()
        return rest
    }

    /// Reserves the place of the answer to a command in `target`, or nil when
    /// ``maximumAnswersInProgress`` commands are being answered already.
    func reserveAnswer(to target: String) -> OutgoingQueue.Ticket? {
        guard answersInProgress < Self.maximumAnswersInProgress else { return nil }
        answersInProgress += 1
        return queue.reserve(lane: .reply, target: target)
    }

    /// Reserves the place of the answer to `chat`, as ``reserveAnswer(to:)``; a question in a
    /// channel is noted as being answered until its place is filled.
    func reserveAnswer(for chat: IRCChatMessage) -> OutgoingQueue.Ticket? {
        guard let ticket = reserveAnswer(to: chat.channel ?? chat.nick) else { return nil }
        if let channel = chat.channel {
            let key = [place(channel).key, place(chat.nick).key, ChannelAnswerBoard.normalized(chat.text)]
                .joined(separator: "\u{0}")
            questionsInFlight[key, default: []].append(ticket.id)
            questionInPlace[ticket.id] = key
        }
        return ticket
    }

    /// Waits until the same person's same question in the same channel, asked before and still
    /// being answered, has its answer, so that ``isRepeat(_:now:)`` can tell whether this one
    /// repeats it (a command that moves on never is).
    func waitForTheSameQuestion(before ticket: OutgoingQueue.Ticket) async {
        guard !closed, let key = questionInPlace[ticket.id],
            let earlier = questionsInFlight[key]?.last(where: { $0 < ticket.id })
        else { return }
        await withCheckedContinuation { repeatsWaiting[earlier, default: []].append($0) }
    }

    /// The question in a place has its answer: repeats waiting for it go on.
    private func questionAnswered(in ticketID: Int) {
        if let key = questionInPlace.removeValue(forKey: ticketID) {
            questionsInFlight[key]?.removeAll { $0 == ticketID }
            if questionsInFlight[key]?.isEmpty == true { questionsInFlight[key] = nil }
        }
        for waiting in repeatsWaiting.removeValue(forKey: ticketID) ?? [] { waiting.resume() }
    }

    /// Fills the place of an answer: with its lines; for a channel answer, with the answer
    /// addressed to its askers, unless the same answer waits already (the asker joins it) or went
    /// out lately (the asker is named in the line pointing to it); an urgent notice goes ahead.
    func fillAnswer(_ ticket: OutgoingQueue.Ticket, with answer: IRCAnswer, now: Date = Date()) {
        answersInProgress -= 1
        questionAnswered(in: ticket.id)
        switch answer {
        case .lines(let lines):
            queue.fill(ticket, with: lines)
        case .toTheAsker(let lines, let channel, let asker, let question):
            let isNew = board.answeredPrivately(
                lines.compactMap { $0.parameters.last }, in: place(channel), to: place(asker), question: question,
                at: now)
            queue.fill(ticket, with: isNew ? lines : [])
        case .urgentNotice(let notice):
            queue.fill(ticket, with: [])
            queue.append([notice], lane: .control, target: notice.parameter(0) ?? "")
        case .channel(let channelAnswer):
            let offer = board.offer(
                channelAnswer.pieces, in: place(channelAnswer.channel), to: place(channelAnswer.asker),
                question: channelAnswer.question, at: now)
            switch offer {
            case .send(let id):
                waitingAnswers[id] = (ticket, channelAnswer)
                answerInPlace[ticket.id] = id
                queue.fill(ticket, with: addressedLines(of: id))
            case .joined(let id):
                queue.fill(ticket, with: [])
                rewrite(id)
            case .pointed, .alreadyNamed:
                queue.fill(ticket, with: [])
            }
        }
        wakeWriter()
    }

    /// The state the answer to `chat`, in the place `ticket` holds, is rendered from: taken once
    /// a repeat of the same question still being answered has its answer
    /// (``waitForTheSameQuestion(before:)``), at `now` (nil: the time then). A `!more` (a page
    /// size given) takes its page here, so that two of them never show the same lines: from what
    /// was kept in its conversation, else, in a channel, from what was kept for the asker alone.
    func snapshot(
        for chat: IRCChatMessage, answeredIn ticket: OutgoingQueue.Ticket, takingMore pageSize: Int?, now: Date? = nil
    ) async -> IRCAnswerSnapshot {
        await waitForTheSameQuestion(before: ticket)
        var taken: IRCAnswerSnapshot.More?
        if let pageSize {
            if let page = more.take(pageSize, for: moreKey(chat.channel ?? chat.nick, chat.nick)) {
                taken = .here(page)
            } else if chat.channel != nil, let page = more.take(pageSize, for: moreKey(chat.nick, chat.nick)) {
                taken = .forTheAsker(page)
            } else {
                taken = .nothingKept
            }
        }
        return IRCAnswerSnapshot(
            nick: session.nick, userAndHost: session.userAndHost, isRepeat: isRepeat(chat, now: now ?? Date()),
            more: taken)
    }

    /// Takes back an answer rendered from a snapshot: keeps its lines for the asker's `!more`,
    /// then fills the place `ticket` holds (``fillAnswer(_:with:now:)``).
    func finish(_ ticket: OutgoingQueue.Ticket, with rendered: IRCRenderedAnswer, now: Date = Date()) {
        for kept in rendered.keptForMore {
            more.keep(kept.lines, for: moreKey(kept.conversation, rendered.asker))
        }
        fillAnswer(ticket, with: rendered.answer, now: now)
    }

    /// The key of what `person` keeps for `!more` in `conversation`, under the server's case mapping.
    private func moreKey(_ conversation: String, _ person: String) -> MoreBook.Key {
        MoreBook.Key(conversation: session.caseMapping.fold(conversation), person: session.caseMapping.fold(person))
    }

    /// True when `chat` repeats, in a channel, a command its sender asked there within the
    /// coalescing window: the rate limit does not count it, and an identical answer folds.
    func isRepeat(_ chat: IRCChatMessage, now: Date = Date()) -> Bool {
        guard let channel = chat.channel else { return false }
        return board.isRepeat(chat.text, in: place(channel), by: place(chat.nick), at: now)
    }

    /// A channel or nick with its key under the server's case mapping.
    private func place(_ name: String) -> (name: String, key: String) {
        (name, session.caseMapping.fold(name))
    }

    /// The waiting answer's lines, addressed to everyone it answers now.
    private func addressedLines(of id: ChannelAnswerBoard.AnswerID) -> [IRCMessage] {
        guard let answer = waitingAnswers[id]?.answer else { return [] }
        let (names, others) = board.addressees(of: id)
        let budget = ReplySplitter.budget(nick: session.nick, userAndHost: session.userAndHost, target: answer.channel)
        return IRCAddressing.addressed(answer.pieces, to: names, others: others, budget: budget).map {
            IRCMessage("PRIVMSG", answer.channel, $0)
        }
    }

    /// Writes a waiting answer again with its addressees now.
    private func rewrite(_ id: ChannelAnswerBoard.AnswerID) {
        guard let ticket = waitingAnswers[id]?.ticket else { return }
        _ = queue.replace(ticket, with: addressedLines(of: id))
    }

    /// An answer's first line went out: whoever asks the same from now on is pointed to it.
    private func started(_ ticketID: Int, at now: Date) {
        guard let id = answerInPlace.removeValue(forKey: ticketID) else { return }
        waitingAnswers[id] = nil
        board.sent(id, at: now)
    }

    /// Queues the lines naming late askers that are due, ahead of the channel's waiting answers.
    private func queueDuePointers(at now: Date) {
        // Each goes ahead of the channel's waiting answers, so the newest is queued first.
        for pointer in board.duePointers(at: now).reversed() {
            let budget = ReplySplitter.budget(
                nick: session.nick, userAndHost: session.userAndHost, target: pointer.channel)
            let line = IRCAddressing.pointer(to: pointer.names, budget: budget)
            queue.appendAhead([IRCMessage("PRIVMSG", pointer.channel, line)], lane: .reply, target: pointer.channel)
        }
    }

    /// Queues `lines` at the end of `lane`.
    func send(_ lines: [IRCMessage], lane: IRCLane, target: String) {
        queue.append(lines, lane: lane, target: target)
        wakeWriter()
    }

    /// Queues `lines` and returns once the last of them was written to the connection: true, or
    /// false when the connection closed first (the caller may try again on the next one).
    func sendConfirmed(_ lines: [IRCMessage], lane: IRCLane, target: String) async -> Bool {
        guard !lines.isEmpty else { return true }
        guard !closed, !leaving else { return false }
        let ticket = queue.reserve(lane: lane, target: target)
        return await withCheckedContinuation { continuation in
            confirmations[ticket.id] = continuation
            queue.fill(ticket, with: lines)
            wakeWriter()
        }
    }

    /// Tells the senders waiting for these tickets that their lines were written.
    func written(completing ticketIDs: [Int]) {
        for id in ticketIDs {
            confirmations.removeValue(forKey: id)?.resume(returning: true)
        }
    }

    /// Lines written together at most: an answer's lines go out in one write, so that the server
    /// relays them at once (a second small write would wait for the first one's acknowledgement).
    static let linesPerWrite = 16

    /// The lines to write now, when the flood control allows them (all that are ready, up to
    /// ``linesPerWrite``), with the tickets they complete (for ``written(completing:)``); nil
    /// once the connection closes. Once ``sayGoodbye(_:)`` was asked, only its QUIT comes, alone
    /// (`isGoodbye`), and nothing after it.
    func nextLines() async -> (lines: [IRCMessage], completes: [Int], isGoodbye: Bool)? {
        while !closed {
            if leaving {
                if let quit = goodbye {
                    goodbye = nil
                    return ([quit], [], true)
                }
                await withCheckedContinuation { writerWaiting = $0 }
                continue
            }
            let now = Date()
            var step = step(at: now)
            if step.line != nil {
                var lines: [IRCMessage] = []
                var completes: [Int] = []
                while let line = step.line, lines.count < Self.linesPerWrite {
                    lines.append(line)
                    if let id = step.completes { completes.append(id) }
                    if lines.count < Self.linesPerWrite { step = self.step(at: now) }
                }
                return (lines, completes, false)
            }
            guard let wait = step.wait else {
                await withCheckedContinuation { writerWaiting = $0 }
                continue
            }
            // Wait for the bucket, but wake at once for anything new (a PONG must not wait).
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(max(1, Int(wait * 1000))))
                    await self.wakeWriter()
                }
                await withCheckedContinuation { writerWaiting = $0 }
                group.cancelAll()
            }
        }
        return nil
    }

    /// The line to write at `now` (the lines naming late askers that are due queued first, and an
    /// answer whose first line this is marked as sent), or how long until one may be ready.
    func step(at now: Date) -> OutgoingQueue.Step {
        queueDuePointers(at: now)
        var step = queue.next(now: now)
        if step.line != nil {
            if let starts = step.starts { started(starts, at: now) }
            return step
        }
        let pointerWait = board.nextPointerDue.map { max(0.001, $0.timeIntervalSince(now)) }
        step.wait = [step.wait, pointerWait].compactMap { $0 }.min()
        return step
    }

    /// True once ``sayGoodbye(_:)`` was asked: the connection is ending, and takes no more commands.
    var isLeaving: Bool { leaving }

    /// Ends the conversation with a QUIT saying `reason`: the writer takes it next, ahead of
    /// everything waiting (which is never written), and nothing after it. Said once; a second
    /// goodbye is ignored.
    func sayGoodbye(_ reason: String) {
        guard !leaving else { return }
        leaving = true
        goodbye = IRCMessage("QUIT", reason)
        wakeWriter()
    }

    /// Ends ``nextLines()``; senders still waiting learn that their lines did not go out.
    func close() {
        closed = true
        wakeWriter()
        for confirmation in confirmations.values { confirmation.resume(returning: false) }
        confirmations = [:]
        for waiter in whoisWaiters.values.joined() { waiter.continuation.resume(returning: nil) }
        whoisWaiters = [:]
        for waiting in repeatsWaiting.values.joined() { waiting.resume() }
        repeatsWaiting = [:]
    }

    private func wakeWriter() {
        writerWaiting?.resume()
        writerWaiting = nil
    }
}
