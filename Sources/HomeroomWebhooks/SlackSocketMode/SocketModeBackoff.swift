import Foundation

/// The waits between Socket Mode connection attempts: none after a connection that was up (it
/// said `hello`), then 1 s, doubling up to 60 s while attempts keep failing.
struct SocketModeBackoff: Sendable {
    /// The first wait after a failed attempt.
    static let first: TimeInterval = 1
    /// The longest wait.
    static let maximum: TimeInterval = 60

    /// Attempts that failed since the last `hello`.
    private(set) var failures = 0
    /// True once a connection said `hello` since the last wait.
    private var wasUp = false

    /// A connection said `hello`: the next wait starts over.
    mutating func connected() {
        failures = 0
        wasUp = true
    }

    /// A connection ended or could not be opened: the wait before the next attempt.
    mutating func nextWait() -> TimeInterval {
        if wasUp {
            wasUp = false
            return 0
        }
        failures = min(failures + 1, 32)
        return min(Self.maximum, Self.first * pow(2, Double(failures - 1)))
    }
}
