import Foundation
import HomeroomCore
import HomeroomEngine

/// One live connection's state, shared by its reader, writer and ticker: the session (the
/// protocol), the ``ConversationMachine`` (answers in order, coalesced, paged and metered), and
/// the WHOIS lookups and confirmed sends waiting for the server.
///
/// A command costs three calls here: its line arrives (``receive(_:now:accepting:)``: the session
/// reads it, the command is recognised once and its answer's place reserved), its rendered answer
/// comes back (``finish(_:with:now:)``), and the writer takes the lines
/// (``nextLines(afterWriting:)``). Chatter costs the first call alone.
actor IRCConnectionState {
    private struct WhoisWaiter {
        let deadline: Date
        let continuation: CheckedContinuation<IRCWhoisAnswer?, Never>
    }

    /// What a line from the server asks of the connection's driver: the session's actions (its
    /// lines queued already), the commands to answer, and whether a command came while this
    /// instance may not answer (the duty is held elsewhere).
    struct Received: Sendable {
        /// The session's actions other than lines to send and WHOIS answers.
        var actions: [IRCSession.Action] = []
        /// The commands accepted, in the order they came.
        var turns: [IRCTurn] = []
        /// True when a command came that was not accepted because the caller may not answer.
        var refused = false
        /// Commands left unanswered because too many were being answered already.
        var unanswered = 0
    }

    /// Seconds a WHOIS may take before it counts as unanswered.
    static let whoisTimeout: TimeInterval = 15

    private var session: IRCSession
    private var conversation: ConversationMachine<FloodBucket>
    private let recognizer: CommandRecognizer
    private let morePageSize: Int
    private let clock: any HomeroomClock
    private let writer = WakeSignal()
    /// Commands waiting for the answer to the same question asked before, by their place.
    private var waitingTurns: [Int: (chat: IRCChatMessage, recognized: CommandRecognizer.Recognized)] = [:]
    /// Senders waiting until their lines are written, by ticket id.
    private var confirmations: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var closed = false
    /// The QUIT that ends the connection, from ``sayGoodbye(_:)`` until the writer takes it.
    private var goodbye: IRCMessage?
    /// True once the goodbye was asked for: nothing is written after it.
    private var leaving = false
    /// Those waiting for a WHOIS answer, by folded nick.
    private var whoisWaiters: [String: [WhoisWaiter]] = [:]

    /// A connection's state: the session with `settings`, lines metered by `flood`, channel
    /// answers coalesced with `channelAnswers`, commands recognised by `recognizer`,
    /// `morePageSize` kept lines shown by one `!more`, and the writer waiting on `clock`.
    init(
        settings: IRCSessionSettings, flood: FloodControl, channelAnswers: ChannelAnswerSettings = .init(),
        recognizer: CommandRecognizer = CommandRecognizer(), morePageSize: Int = 3, clock: any HomeroomClock
    ) {
        let now = clock.now
        session = IRCSession(settings: settings, now: now)
        conversation = ConversationMachine(
            budget: FloodBucket(flood: flood, now: now), channelAnswers: channelAnswers)
        self.recognizer = recognizer
        self.morePageSize = morePageSize
        self.clock = clock
    }

    var nick: String { session.nick }
    var userAndHost: String? { session.userAndHost }
    var isRegistered: Bool { session.isRegistered }

    func isJoined(_ channel: String) -> Bool { session.joinedChannels.contains(session.caseMapping.fold(channel)) }

    /// IRC as the conversation sees it now.
    private var platform: IRCConversationPlatform {
        IRCConversationPlatform(nick: session.nick, userAndHost: session.userAndHost, caseMapping: session.caseMapping)
    }

    func start(now: Date) -> [IRCSession.Action] { queued(session.start(now: now), now: now, accepting: false).actions }

    /// Reads one line from the server at `now`; a command in it is accepted for an answer when
    /// `accepting` (this instance holds the network), unless the connection is ending.
    func receive(_ message: IRCMessage, now: Date, accepting: Bool) -> Received {
        queued(session.receive(message, now: now), now: now, accepting: accepting)
    }

    func tick(now: Date) -> [IRCSession.Action] {
        expireWhois(now: now)
        return queued(session.tick(now: now), now: now, accepting: false).actions
    }

    /// Asks the server who holds `nick` and waits for the answer: nil when it did not come within
    /// ``whoisTimeout``, could not be asked, or the connection closed first.
    func whois(_ nick: String) async -> IRCWhoisAnswer? {
        guard !closed, let actions = session.whois(nick) else { return nil }
        let now = clock.now
        let key = session.caseMapping.fold(nick)
        return await withCheckedContinuation { continuation in
            whoisWaiters[key, default: []].append(
                WhoisWaiter(deadline: now.addingTimeInterval(Self.whoisTimeout), continuation: continuation))
            _ = queued(actions, now: now, accepting: false)
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

    /// Queues the `send` actions, hands WHOIS answers to those waiting, accepts the commands
    /// delivered (when `accepting`), and hands back the rest.
    private func queued(_ actions: [IRCSession.Action], now: Date, accepting: Bool) -> Received {
        var received = Received()
        for action in actions {
            switch action {
            case .send(let message, let lane):
                conversation.send([message], lane: lane, target: message.parameter(0) ?? "")
            case .whois(let answer):
                answered(answer)
            case .deliver(let chat):
                guard let recognized = recognizer.recognize(chat.text, in: chat.channel.map { .channel($0) } ?? .direct)
                else { continue }
                guard accepting else {
                    received.refused = true
                    continue
                }
                guard !leaving else { continue }
                switch accept(chat, recognized: recognized, now: now) {
                case .answerNow(let turn): received.turns.append(turn)
                case .waiting: break
                case .tooMany: received.unanswered += 1
                }
            default:
                received.actions.append(action)
            }
        }
        wakeWriter()
        return received
    }

    /// Reserves the answer's place for `chat`, whose command is `recognized`, and takes the
    /// snapshot its answer is rendered from, unless it waits for the same question asked before
    /// or too many commands are being answered.
    private func accept(_ chat: IRCChatMessage, recognized: CommandRecognizer.Recognized, now: Date) -> Accepting {
        let asksForMore = recognized.body.trimmingCharacters(in: .whitespaces).lowercased() == "more"
        switch conversation.accept(
            chat.text, from: chat.nick, in: chat.channel, takingMore: asksForMore ? morePageSize : nil, at: now,
            on: platform)
        {
        case nil:
            return .tooMany
        case .now(let accepted):
            return .answerNow(turn(chat, recognized: recognized, accepted: accepted))
        case .afterTheSameQuestion(let ticket):
            waitingTurns[ticket.id] = (chat, recognized)
            return .waiting
        }
    }

    /// What became of a command offered to ``accept(_:recognized:now:)``.
    private enum Accepting {
        /// Its answer may be rendered now.
        case answerNow(IRCTurn)
        /// It waits for the answer to the same question asked before.
        case waiting
        /// Too many commands are being answered: it is not.
        case tooMany
    }

    /// The turn of `chat`, whose command is `recognized`, accepted as `accepted`.
    private func turn(
        _ chat: IRCChatMessage, recognized: CommandRecognizer.Recognized,
        accepted: ConversationMachine<FloodBucket>.Accepted
    ) -> IRCTurn {
        IRCTurn(
            chat: chat, recognized: recognized, ticket: accepted.ticket,
            snapshot: IRCAnswerSnapshot(
                nick: session.nick, userAndHost: session.userAndHost, isRepeat: accepted.isRepeat, more: accepted.more))
    }

    /// Takes back an answer rendered for the place `ticket` holds; hands out the same question
    /// asked again meanwhile, whose answer may be rendered now, if one waited for this one.
    /// Once the connection is ending, nothing waiting is handed out: no command is dispatched
    /// after the goodbye.
    @discardableResult
    func finish(_ ticket: OutgoingQueue<FloodBucket>.Ticket, with rendered: IRCRenderedAnswer, now: Date) -> IRCTurn? {
        defer { wakeWriter() }
        var handedOut = conversation.finish(ticket, with: rendered, at: now, on: platform)
        while let accepted = handedOut, let (chat, recognized) = waitingTurns.removeValue(forKey: accepted.ticket.id) {
            guard closed || leaving else { return turn(chat, recognized: recognized, accepted: accepted) }
            handedOut = conversation.finish(
                accepted.ticket, with: IRCRenderedAnswer(answer: .none, asker: chat.nick), at: now, on: platform)
        }
        return nil
    }

    /// Queues `lines` at the end of `lane`.
    func send(_ lines: [IRCMessage], lane: OutgoingLane, target: String) {
        conversation.send(lines, lane: lane, target: target)
        wakeWriter()
    }

    /// Queues `lines` and returns once the last of them was written to the connection: true, or
    /// false when the connection closed first (the caller may try again on the next one).
    func sendConfirmed(_ lines: [IRCMessage], lane: OutgoingLane, target: String) async -> Bool {
        guard !lines.isEmpty else { return true }
        guard !closed, !leaving else { return false }
        return await withCheckedContinuation { continuation in
            let ticket = conversation.sendTracked(lines, lane: lane, target: target)
            confirmations[ticket.id] = continuation
            wakeWriter()
        }
    }

    /// Lines written together at most: an answer's lines go out in one write, so that the server
    /// relays them at once (a second small write would wait for the first one's acknowledgement).
    static let linesPerWrite = 16

    /// The lines to write now, when the flood control allows them (all that are ready, up to
    /// ``linesPerWrite``), with the tickets they complete (to be passed back, once written, as
    /// `written` in the next call, which tells their senders); nil once the connection closes.
    /// Once ``sayGoodbye(_:)`` was asked, only its QUIT comes, alone (`isGoodbye`), and nothing
    /// after it.
    func nextLines(afterWriting written: [Int] = []) async -> (
        lines: [IRCMessage], completes: [Int], isGoodbye: Bool
    )? {
        for id in written { confirmations.removeValue(forKey: id)?.resume(returning: true) }
        while !closed && !Task.isCancelled {
            if leaving {
                if let quit = goodbye {
                    goodbye = nil
                    return ([quit], [], true)
                }
                await writer.wait(until: nil, on: clock)
                continue
            }
            let now = clock.now
            var step = self.step(at: now)
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
            // Wait for the budget, but wake at once for anything new (a PONG must not wait).
            await writer.wait(until: step.wait.map { now.addingTimeInterval($0) }, on: clock)
        }
        return nil
    }

    /// The line to write at `now`, or how long until one may be ready: what the writer takes,
    /// one line at a time (tests step it at chosen instants).
    func step(at now: Date) -> OutgoingQueue<FloodBucket>.Step {
        conversation.next(at: now, on: platform)
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

    /// Ends ``nextLines(afterWriting:)``; senders still waiting learn that their lines did not go out.
    func close() {
        closed = true
        wakeWriter()
        for confirmation in confirmations.values { confirmation.resume(returning: false) }
        confirmations = [:]
        for waiter in whoisWaiters.values.joined() { waiter.continuation.resume(returning: nil) }
        whoisWaiters = [:]
    }

    private func wakeWriter() {
        writer.wake()
    }
}
