import Foundation

/// The lines waiting to go out on one connection, in priority lanes (control, replies, bulk),
/// fair between targets (a busy channel does not hold up a direct message), in order within a
/// target, and metered by ``FloodControl``.
///
/// An answer's place is reserved when the command arrives (``reserve(lane:target:)``) and its
/// lines filled in when the command is done (``fill(_:with:)``), so that answers to a burst of
/// commands go out in the order the commands came, however long each took.
struct OutgoingQueue {
    /// A reserved place for an answer.
    struct Ticket: Hashable {
        let id: Int
        let lane: IRCLane
        let target: String
    }

    private struct Slot {
        let id: Int
        var lines: [IRCMessage]?
    }

    private struct Lane {
        var targets: [String] = []
        var slots: [String: [Slot]] = [:]
        var rotation = 0
    }

    private var lanes: [Lane] = IRCLane.allCases.map { _ in Lane() }
    private var nextID = 0
    private var tokens: Double
    private var refilledAt: Date
    let flood: FloodControl

    init(flood: FloodControl, now: Date) {
        self.flood = flood
        tokens = flood.burst
        refilledAt = now
    }

    /// Reserves the next place for `target` in `lane`.
    mutating func reserve(lane: IRCLane, target: String) -> Ticket {
        nextID += 1
        let ticket = Ticket(id: nextID, lane: lane, target: target)
        var queue = lanes[lane.rawValue]
        if queue.slots[target] == nil {
            queue.targets.append(target)
            queue.slots[target] = []
        }
        queue.slots[target]!.append(Slot(id: ticket.id, lines: nil))
        lanes[lane.rawValue] = queue
        return ticket
    }

    /// Fills a reserved place; an empty answer frees it.
    mutating func fill(_ ticket: Ticket, with lines: [IRCMessage]) {
        guard let index = lanes[ticket.lane.rawValue].slots[ticket.target]?.firstIndex(where: { $0.id == ticket.id })
        else { return }
        lanes[ticket.lane.rawValue].slots[ticket.target]![index].lines = lines
    }

    /// Queues `lines` for `target` at the end of `lane`.
    mutating func append(_ lines: [IRCMessage], lane: IRCLane, target: String) {
        let ticket = reserve(lane: lane, target: target)
        fill(ticket, with: lines)
    }

    /// True when nothing waits (reserved places included).
    var isEmpty: Bool { lanes.allSatisfy { $0.targets.isEmpty } }

    /// The next line that may go now (with the id of the ticket it completes, if it is that
    /// ticket's last line), or how long to wait for the bucket (nil: nothing is ready).
    mutating func next(now: Date) -> (line: IRCMessage?, wait: TimeInterval?, completes: Int?) {
        refill(now: now)
        for laneIndex in lanes.indices {
            guard let (target, line) = peek(lane: laneIndex) else { continue }
            let cost = FloodControl.cost(ofLineBytes: line.serialized.count)
            // Control lines (PONG, registration) never wait; they still use up tokens.
            if flood.isEnabled && laneIndex != IRCLane.control.rawValue && tokens < cost {
                return (nil, (cost - tokens) * flood.secondsPerLine, nil)
            }
            if flood.isEnabled { tokens = max(-flood.burst, tokens - cost) }
            return (line, nil, pop(lane: laneIndex, target: target))
        }
        return (nil, nil, nil)
    }

    private mutating func refill(now: Date) {
        guard flood.isEnabled else { return }
        let elapsed = now.timeIntervalSince(refilledAt)
        guard elapsed > 0 else { return }
        tokens = min(flood.burst, tokens + elapsed / flood.secondsPerLine)
        refilledAt = now
    }

    /// The first ready line of the lane, taking targets in turn; drops answered-empty places.
    private mutating func peek(lane laneIndex: Int) -> (String, IRCMessage)? {
        var queue = lanes[laneIndex]
        defer { lanes[laneIndex] = queue }
        guard !queue.targets.isEmpty else { return nil }
        for offset in 0..<queue.targets.count {
            let position = (queue.rotation + offset) % queue.targets.count
            let target = queue.targets[position]
            while let head = queue.slots[target]?.first, let lines = head.lines, lines.isEmpty {
                queue.slots[target]!.removeFirst()
            }
            guard let head = queue.slots[target]?.first, let line = head.lines?.first else { continue }
            queue.rotation = position
            return (target, line)
        }
        queue.targets.removeAll { queue.slots[$0]?.isEmpty ?? true }
        queue.slots = queue.slots.filter { !$0.value.isEmpty }
        return nil
    }

    /// Takes the head line of `target`; returns the ticket id when that was its last line.
    private mutating func pop(lane laneIndex: Int, target: String) -> Int? {
        var queue = lanes[laneIndex]
        defer { lanes[laneIndex] = queue }
        queue.slots[target]![0].lines!.removeFirst()
        var completed: Int?
        if queue.slots[target]![0].lines!.isEmpty { completed = queue.slots[target]!.removeFirst().id }
        guard let position = queue.targets.firstIndex(of: target) else { return completed }
        // The next line comes from the next target, so targets take turns.
        if queue.slots[target]!.isEmpty {
            queue.slots[target] = nil
            queue.targets.remove(at: position)
            queue.rotation = queue.targets.isEmpty ? 0 : position % queue.targets.count
        } else {
            queue.rotation = (position + 1) % queue.targets.count
        }
        return completed
    }
}
