import Foundation
import HomeroomCore
import Synchronization

/// A clock that stands still until a test moves it, so tests stand at a chosen instant (a DST
/// change, the last minute of a period) instead of sleeping.
public final class TestClock: HomeroomClock {
    /// When a sleeper wakes: at an instant on the date (`sleep(until:)`), or once the clock has run
    /// a while (`sleep(for:)`, counted on ``uptime`` so that setting the date back does not lengthen it).
    private enum Deadline {
        case instant(Date)
        case uptime(Duration)
    }

    private struct Sleeper {
        let deadline: Deadline
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var uptime = Duration.zero
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0

        func hasCome(_ deadline: Deadline) -> Bool {
            switch deadline {
            case .instant(let instant): now >= instant
            case .uptime(let reading): uptime >= reading
            }
        }
    }

    private let state: Mutex<State>

    /// A clock standing at `now`.
    public init(now: Date) {
        state = Mutex(State(now: now))
    }

    /// A clock standing at an ISO 8601 instant, e.g. `2026-11-23T12:00:00-05:00`.
    public convenience init(_ iso8601: String) {
        self.init(now: TestClock.instant(iso8601))
    }

    public var now: Date { state.withLock { $0.now } }

    /// How far the clock has moved forward since it was made; setting it back leaves this alone,
    /// as setting the system's date leaves a monotonic clock alone.
    public var uptime: Duration { state.withLock { $0.uptime } }

    /// Moves the clock to `instant` and wakes every sleeper whose deadline has come. An earlier
    /// instant sets the date back, as a person or a time server may: ``uptime`` does not move.
    public func set(to instant: Date) {
        let woken = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.uptime += .seconds(instant.timeIntervalSince(state.now)) }
            state.now = instant
            let due = state.sleepers.filter { state.hasCome($0.value.deadline) }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        set(to: now.addingTimeInterval(seconds))
    }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Date) async throws {
        try await sleep(until: .instant(deadline))
    }

    public func sleep(for duration: Duration) async throws {
        try await sleep(until: .uptime(uptime + duration))
    }

    private func sleep(until deadline: Deadline) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.hasCome(deadline) || Task.isCancelled { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Parses an ISO 8601 instant with an offset; traps on a malformed literal, which is a bug in the test.
    public static func instant(_ iso8601: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: iso8601) else {
            preconditionFailure("not an ISO 8601 instant: \(iso8601)")
        }
        return date
    }
}
