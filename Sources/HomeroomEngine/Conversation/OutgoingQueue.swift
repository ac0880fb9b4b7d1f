import Foundation
import HomeroomCore

/// The lines waiting to go out on one connection, in priority lanes (control, replies, bulk),
/// fair between targets (a busy channel does not hold up a direct message), in order within a
/// target, and metered by the platform's ``SendBudget``.
///
/// An answer's place is reserved when the command arrives (``reserve(lane:target:)``) and its
/// lines filled in when the command is done (``fill(_:with:)``), so that answers to a burst of
/// commands go out in the order the commands came, however long each took. Until its first line
/// goes out, an answer may be written again (``replace(_:with:)``: one more person to name).
package struct OutgoingQueue<Budget: SendBudget>: Sendable {
    /// What the platform sends.
    package typealias Line = Budget.Line

    /// A reserved place for an answer.
    package struct Ticket: Hashable, Sendable {
        /// The place's number: a later place has a higher one.
        package let id: Int
        /// The lane it waits in.
        package let lane: OutgoingLane
        /// Where its lines go (a channel, a person): places for one target keep their order.
        package let target: String
    }

    /// What may happen next: a line to write now (with the ticket it starts or completes), or how
    /// long to wait for the bucket; neither when nothing is ready.
    package struct Step {
        /// The line to write now.
        package var line: Line?
        /// How long until the budget lets the next line go.
        package var wait: TimeInterval?
        /// The ticket whose first line this is.
        package var starts: Int?
        /// The ticket whose last line this is.
        package var completes: Int?
        /// What the answers this line completes were kept under (``RenderedAnswer/receipt``),
        /// told by the ``ConversationMachine``: they may be forgotten once it is sent.
        package var receipts: [String] = []
    }

    private struct Slot {
        let id: Int
        var lines: [Line]?
        var started = false
    }

    private struct Lane {
        var targets: [String] = []
        var slots: [String: [Slot]] = [:]
        var rotation = 0
    }

    private var lanes: [Lane] = OutgoingLane.allCases.map { _ in Lane() }
    private var nextID = 0
    /// Places reserved whose lines have not all gone out (or that were not found empty yet).
    package private(set) var count = 0
    private var budget: Budget

    /// An empty queue spending `budget`.
    package init(budget: Budget) {
        self.budget = budget
    }

    /// Reserves the next place for `target` in `lane`.
    package mutating func reserve(lane: OutgoingLane, target: String) -> Ticket {
        reserve(lane: lane, target: target, ahead: false)
    }

    /// Fills a reserved place; an empty answer frees it at once.
    package mutating func fill(_ ticket: Ticket, with lines: [Line]) {
        guard let index = index(of: ticket) else { return }
        guard lines.isEmpty else {
            lanes[ticket.lane.rawValue].slots[ticket.target]![index].lines = lines
            return
        }
        var queue = lanes[ticket.lane.rawValue]
        defer { lanes[ticket.lane.rawValue] = queue }
        queue.slots[ticket.target]!.remove(at: index)
        count -= 1
        guard queue.slots[ticket.target]!.isEmpty, let position = queue.targets.firstIndex(of: ticket.target) else {
            return
        }
        queue.slots[ticket.target] = nil
        queue.targets.remove(at: position)
        // The target whose turn it is keeps it.
        if position < queue.rotation { queue.rotation -= 1 }
        if queue.rotation >= queue.targets.count { queue.rotation = 0 }
    }

    /// Writes a filled place again, unless its first line went out already: false then.
    package mutating func replace(_ ticket: Ticket, with lines: [Line]) -> Bool {
        guard let index = index(of: ticket), !lanes[ticket.lane.rawValue].slots[ticket.target]![index].started
        else { return false }
        lanes[ticket.lane.rawValue].slots[ticket.target]![index].lines = lines
        return true
    }

    /// Queues `lines` for `target` at the end of `lane`.
    package mutating func append(_ lines: [Line], lane: OutgoingLane, target: String) {
        let ticket = reserve(lane: lane, target: target)
        fill(ticket, with: lines)
    }

    /// Queues `lines` for `target` ahead of everything waiting for it in `lane` (behind an answer
    /// already going out, so that no answer is cut in two).
    @discardableResult
    package mutating func appendAhead(_ lines: [Line], lane: OutgoingLane, target: String) -> Ticket {
        let ticket = reserve(lane: lane, target: target, ahead: true)
        fill(ticket, with: lines)
        return ticket
    }

    /// True when nothing waits (reserved places included).
    package var isEmpty: Bool { lanes.allSatisfy { $0.targets.isEmpty } }

    /// The next line that may go now, or how long to wait for the budget.
    package mutating func next(now: Date) -> Step {
        // The protocol's own lines go first, whatever waits for the budget ahead of them.
        if let target = freeLineTarget() {
            let line = lanes[OutgoingLane.control.rawValue].slots[target]![0].lines![0]
            let (starts, completes) = pop(lane: OutgoingLane.control.rawValue, target: target)
            return Step(line: line, starts: starts, completes: completes)
        }
        for laneIndex in lanes.indices {
            guard let (target, line) = peek(lane: laneIndex) else { continue }
            if let wait = budget.charge(line, in: OutgoingLane(rawValue: laneIndex)!, at: now) {
                return Step(wait: wait)
            }
            let (starts, completes) = pop(lane: laneIndex, target: target)
            return Step(line: line, starts: starts, completes: completes)
        }
        return Step()
    }

    /// A control-lane target whose next line is one of the protocol's own (free) lines.
    private func freeLineTarget() -> String? {
        let control = lanes[OutgoingLane.control.rawValue]
        return control.targets.first { target in
            guard let line = control.slots[target]?.first?.lines?.first else { return false }
            return budget.isFree(line, in: .control)
        }
    }

    private mutating func reserve(lane: OutgoingLane, target: String, ahead: Bool) -> Ticket {
        nextID += 1
        count += 1
        let ticket = Ticket(id: nextID, lane: lane, target: target)
        var queue = lanes[lane.rawValue]
        if queue.slots[target] == nil {
            queue.targets.append(target)
            queue.slots[target] = []
        }
        let slot = Slot(id: ticket.id, lines: nil)
        if ahead {
            let position = queue.slots[target]!.first?.started == true ? 1 : 0
            queue.slots[target]!.insert(slot, at: position)
        } else {
            queue.slots[target]!.append(slot)
        }
        lanes[lane.rawValue] = queue
        return ticket
    }

    private func index(of ticket: Ticket) -> Int? {
        lanes[ticket.lane.rawValue].slots[ticket.target]?.firstIndex { $0.id == ticket.id }
    }

    /// The first ready line of the lane, taking targets in turn; drops answered-empty places.
    private mutating func peek(lane laneIndex: Int) -> (String, Line)? {
        var queue = lanes[laneIndex]
        defer { lanes[laneIndex] = queue }
        guard !queue.targets.isEmpty else { return nil }
        for offset in 0..<queue.targets.count {
            let position = (queue.rotation + offset) % queue.targets.count
            let target = queue.targets[position]
            while let head = queue.slots[target]?.first, let lines = head.lines, lines.isEmpty {
                queue.slots[target]!.removeFirst()
                count -= 1
            }
            guard let head = queue.slots[target]?.first, let line = head.lines?.first else { continue }
            queue.rotation = position
            return (target, line)
        }
        queue.targets.removeAll { queue.slots[$0]?.isEmpty ?? true }
        queue.slots = queue.slots.filter { !$0.value.isEmpty }
        return nil
    }

    /// Takes the head line of `target`; returns the ticket id when that was its first line, and
    /// when it was its last.
    private mutating func pop(lane laneIndex: Int, target: String) -> (starts: Int?, completes: Int?) {
        var queue = lanes[laneIndex]
        defer { lanes[laneIndex] = queue }
        let starts = queue.slots[target]![0].started ? nil : queue.slots[target]![0].id
        queue.slots[target]![0].started = true
        queue.slots[target]![0].lines!.removeFirst()
        var completed: Int?
        if queue.slots[target]![0].lines!.isEmpty {
            completed = queue.slots[target]!.removeFirst().id
            count -= 1
        }
        guard let position = queue.targets.firstIndex(of: target) else { return (starts, completed) }
        // The next line comes from the next target, so targets take turns.
        if queue.slots[target]!.isEmpty {
            queue.slots[target] = nil
            queue.targets.remove(at: position)
            queue.rotation = queue.targets.isEmpty ? 0 : position % queue.targets.count
        } else {
            queue.rotation = (position + 1) % queue.targets.count
        }
        return (starts, completed)
    }
}
