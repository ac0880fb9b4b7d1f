import Foundation

/// One live connection's state, shared by its reader, writer and ticker: the session, the
/// outgoing queue, and the answers waiting behind `!more`.
actor IRCConnectionState {
    private var session: IRCSession
    private var queue: OutgoingQueue
    private var writerWaiting: CheckedContinuation<Void, Never>?
    /// Senders waiting until their lines are written, by ticket id.
    private var confirmations: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var closed = false
    /// Answer lines not shown yet, by conversation and person (folded).
    private var pendingMore: [String: [String]] = [:]

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
    func tick(now: Date) -> [IRCSession.Action] { queued(session.tick(now: now)) }

    /// Queues the `send` actions and hands back the others.
    private func queued(_ actions: [IRCSession.Action]) -> [IRCSession.Action] {
        var rest: [IRCSession.Action] = []
        for action in actions {
            if case .send(let message, let lane) = action {
                queue.append([message], lane: lane, target: message.parameter(0) ?? "")
            } else {
                rest.append(action)
            }
        }
        wakeWriter()
        return rest
    }

    /// Reserves the place of an answer to `target`.
    func reserve(lane: IRCLane, target: String) -> OutgoingQueue.Ticket {
        queue.reserve(lane: lane, target: target)
    }

    /// Fills a reserved place.
    func fill(_ ticket: OutgoingQueue.Ticket, with lines: [IRCMessage]) {
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
        pendingMore[key] = lines.isEmpty ? nil : lines
    }

    /// Takes up to `count` kept lines for `person` in `conversation`, and how many remain.
    func takeMore(_ count: Int, conversation: String, person: String) -> (lines: [String], remaining: Int)? {
        let key = session.caseMapping.fold(conversation) + " " + session.caseMapping.fold(person)
        guard let lines = pendingMore[key] else { return nil }
        let taken = Array(lines.prefix(count))
        let rest = Array(lines.dropFirst(count))
        pendingMore[key] = rest.isEmpty ? nil : rest
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
    }

    private func wakeWriter() {
        writerWaiting?.resume()
        writerWaiting = nil
    }
}
