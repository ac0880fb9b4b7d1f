import Foundation

/// The send budget of a platform that meters nothing itself: each line may go at once, and the
/// platform's own refusals (an HTTP `429`) are waited out by the adapter that sends.
package struct UnmeteredBudget<Line: Sendable>: SendBudget {
    /// A budget that never makes a line wait.
    package init() {}

    package func isFree(_ line: Line, in lane: OutgoingLane) -> Bool { false }

    package mutating func charge(_ line: Line, in lane: OutgoingLane, at now: Date) -> TimeInterval? { nil }
}
