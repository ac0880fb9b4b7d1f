import Foundation

/// The waits between attempts to connect: ``first`` after the first failure, doubling while
/// attempts keep failing, at most ``maximum``; each wait is drawn between ``shortestShare`` of it
/// and all of it, so that many bots cut off at once (a netsplit, a homeserver restart) do not
/// come back at the same instant. A stable session starts the waits over.
package struct Backoff: Sendable {
    /// A draw between 0 and 1 that places a wait between its shortest share and all of it.
    package typealias Jitter = @Sendable () -> Double

    /// The wait after the first failure.
    package let first: TimeInterval
    /// The longest wait.
    package let maximum: TimeInterval
    /// The share of a wait that jitter always keeps: 0.5 draws each between half and all of it, 1 keeps it whole.
    package let shortestShare: Double
    /// True when the first attempt after a stable session goes at once (Slack asks for this), false
    /// when it waits ``first`` like any other first failure.
    package let retriesAtOnceAfterStableSession: Bool
    private let jitter: Jitter
    /// Failed attempts since the last stable session (at most 64: the wait is capped long before).
    package private(set) var failures = 0
    private var stableSessionEnded = false

    /// Waits from `first` doubling to `maximum`, each drawn by `jitter` between `shortestShare` of
    /// it and all of it.
    package init(
        first: TimeInterval, maximum: TimeInterval, shortestShare: Double = 0.5,
        retriesAtOnceAfterStableSession: Bool = false, jitter: @escaping Jitter = { Double.random(in: 0...1) }
    ) {
        self.first = max(0, first)
        self.maximum = max(self.first, maximum)
        self.shortestShare = min(max(shortestShare, 0), 1)
        self.retriesAtOnceAfterStableSession = retriesAtOnceAfterStableSession
        self.jitter = jitter
    }

    /// A session was stable (it stayed up long enough): the waits start over.
    package mutating func sessionWasStable() {
        failures = 0
        stableSessionEnded = true
    }

    /// An attempt failed, or a session ended: the wait before the next attempt.
    package mutating func nextWait() -> TimeInterval {
        if stableSessionEnded {
            stableSessionEnded = false
            if retriesAtOnceAfterStableSession { return 0 }
        }
        failures = min(failures + 1, 64)
        let whole = min(maximum, first * pow(2, Double(failures - 1)))
        let drawn = jitter()
        let draw = (0...1).contains(drawn) ? drawn : drawn < 0 ? 0 : 1
        return whole * (shortestShare + (1 - shortestShare) * draw)
    }
}
