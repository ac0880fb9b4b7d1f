import Foundation
import HomeroomCore
import HomeroomEngine

/// IRC's ``SendBudget``: the token bucket ``FloodControl`` describes, full at the start. The
/// protocol's own lines are free; a control line (a notice that must stay true) may borrow up to
/// one burst, which the lines after it repay; others wait for their tokens.
struct FloodBucket: SendBudget {
    let flood: FloodControl
    private var tokens: Double
    private var refilledAt: Date

    /// A full bucket for `flood`, at `now`.
    init(flood: FloodControl, now: Date) {
        self.flood = flood
        tokens = flood.burst
        refilledAt = now
    }

    func isFree(_ line: IRCMessage, in lane: OutgoingLane) -> Bool {
        lane == .control && FloodControl.freeCommands.contains(line.command)
    }

    mutating func charge(_ line: IRCMessage, in lane: OutgoingLane, at now: Date) -> TimeInterval? {
        guard flood.isEnabled, !isFree(line, in: lane) else { return nil }
        refill(now: now)
        let cost = FloodControl.cost(ofLineBytes: line.serialized.count)
        let floor = lane == .control ? -flood.burst : 0
        if tokens - cost < floor { return (cost - tokens + floor) * flood.secondsPerLine }
        tokens -= cost
        return nil
    }

    private mutating func refill(now: Date) {
        let elapsed = now.timeIntervalSince(refilledAt)
        guard elapsed > 0 else { return }
        tokens = min(flood.burst, tokens + elapsed / flood.secondsPerLine)
        refilledAt = now
    }
}
