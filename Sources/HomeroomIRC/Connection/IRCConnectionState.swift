import Foundation

/// One live connection's state, shared by its reader, writer and ticker: the session, the
/// outgoing queue, the answers waiting behind `!more` and the WHOIS lookups waiting for the server.
actor IRCConnectionState {
    private struct WhoisWaiter {
        let deadline: Date
        let continuation: CheckedContinuation<IRCWhoisAnswer?, Never>
    }

    private struct KeptAnswer {
        var lines: [String]
        let order: Int
    }

    /// Seconds a WHOIS may take before it counts as unanswered.
    static let whoisTimeout: TimeInterval = 15
    /// Answers kept for `!more` at one time; a new one replaces the oldest.
    static let maximumKeptAnswers = 500
    /// Commands being answered at one time; a message beyond them is not answered (a flood the
    /// server relays, or a hostile server, cannot start work without end).
    static let maximumAnswersInProgress = 200

    private var session: IRCSession
    private var queue: OutgoingQueue
    private var writerWaiting: CheckedContinuation<Void, Never>?
    /// Senders waiting until their lines are written, by ticket id.
    private var confirmations: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var closed = false
    /// Answer lines not shown yet, by conversation and person (folded).
    private var pendingMore: [String: KeptAnswer] = [:]
    private var keptCount = 0
    private var answersInProgress = 0
    /// Those waiting for a WHOIS answer, by folded nick.
    private var whoisWaiters: [String: [WhoisWaiter]] = [:]

    init(settings: IRCSessionSettings, flood: FloodControl, now: Date) {
        session = IRCSession(settings: settings, now: now)
        queue = OutgoingQueue(flood: flood, now: now)
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

    /// Fills the place of an answer.
    func fillAnswer(_ ticket: OutgoingQueue.Ticket, with lines: [IRCMessage]) {
        answersInProgress -= 1
        queue.fill(ticket, with: lines)
        wakeWriter()
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
        guard !closed else { return false }
        let ticket = queue.reserve(lane: lane, target: target)
        return await withCheckedContinuation { continuation in
            confirmations[ticket.id] = continuation
            queue.fill(ticket, with: lines)
            wakeWriter()
        }
    }

    /// Tells a waiting sender that its lines were written.
    func written(completing ticketID: Int?) {
        guard let ticketID, let confirmation = confirmations.removeValue(forKey: ticketID) else { return }
        confirmation.resume(returning: true)
    }

    /// Keeps `lines` for the next `!more` of `person` in `conversation`; replaces what was kept.
    func keepForMore(_ lines: [String], conversation: String, person: String) {
        let key = session.caseMapping.fold(conversation) + " " + session.caseMapping.fold(person)
        guard !lines.isEmpty else {
            pendingMore[key] = nil
            return
        }
        if pendingMore[key] == nil, pendingMore.count >= Self.maximumKeptAnswers,
            let oldest = pendingMore.min(by: { $0.value.order < $1.value.order })?.key
        {
            pendingMore[oldest] = nil
        }
        keptCount += 1
        pendingMore[key] = KeptAnswer(lines: lines, order: keptCount)
    }

    /// Takes up to `count` kept lines for `person` in `conversation`, and how many remain.
    func takeMore(_ count: Int, conversation: String, person: String) -> (lines: [String], remaining: Int)? {
        let key = session.caseMapping.fold(conversation) + " " + session.caseMapping.fold(person)
        guard let kept = pendingMore[key] else { return nil }
        let taken = Array(kept.lines.prefix(count))
        let rest = Array(kept.lines.dropFirst(count))
        pendingMore[key]?.lines = rest
        if rest.isEmpty { pendingMore[key] = nil }
        return (taken, rest.count)
    }

    /// The next line to write, when the flood control allows it, with the ticket it completes
    /// (for ``written(completing:)``); nil once the connection closes.
    func nextLine() async -> (line: IRCMessage, completes: Int?)? {
        while !closed {
            let (line, wait, completes) = queue.next(now: Date())
            if let line { return (line, completes) }
            guard let wait else {
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

    /// Ends ``nextLine()``; senders still waiting learn that their lines did not go out.
    func close() {
        closed = true
        wakeWriter()
        for confirmation in confirmations.values { confirmation.resume(returning: false) }
        confirmations = [:]
        for waiter in whoisWaiters.values.joined() { waiter.continuation.resume(returning: nil) }
        whoisWaiters = [:]
    }

    private func wakeWriter() {
        writerWaiting?.resume()
        writerWaiting = nil
    }
}
