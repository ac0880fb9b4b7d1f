import Foundation

/// Where the runtime and the plugins get the time, so that tests can stand at any instant.
public protocol HomeroomClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// How long this clock has run, from a start of its own: a reading that only moves forward and
    /// does not jump when someone sets the date, for measuring how long something lasts (a lease
    /// this instance holds) where ``now`` could move back or leap ahead.
    var uptime: Duration { get }
    /// Suspends until `deadline` on this clock, or throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
    /// Suspends while this clock runs `duration` (counted like ``uptime``, so setting the date does
    /// not shorten or lengthen it), or throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The system's wall clock.
public struct SystemClock: HomeroomClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }

    public var uptime: Duration { Self.start.duration(to: .now) }

    /// The instant ``uptime`` counts from.
    private static let start = ContinuousClock.now

    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
