import Foundation

/// Where the runtime and the plugins get the time, so that tests can stand at any instant.
public protocol HomeroomClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// Suspends until `deadline` on this clock, or throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

/// The system's wall clock.
public struct SystemClock: HomeroomClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
}
