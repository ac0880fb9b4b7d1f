import Foundation
import HomeroomCore

/// How fast a platform lets the bot send: each chat adapter supplies one for its
/// ``OutgoingQueue`` (IRC's flood bucket; a platform without a limit of its own spends nothing).
/// A value, with time passed in, so it is tested at chosen instants.
package protocol SendBudget<Line>: Sendable {
    /// What the platform sends: an IRC line, a message.
    associatedtype Line: Sendable

    /// True for a line of the protocol itself (registration, PONG), which costs nothing and goes
    /// ahead of everything waiting in its lane.
    func isFree(_ line: Line, in lane: OutgoingLane) -> Bool

    /// Charges `line`, to go out in `lane` at `now`: nil when it may go now, otherwise the seconds
    /// until it may (nothing is charged then).
    mutating func charge(_ line: Line, in lane: OutgoingLane, at now: Date) -> TimeInterval?
}
