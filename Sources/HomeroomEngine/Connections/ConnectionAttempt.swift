import Foundation
import HomeroomCore
import Synchronization

/// One attempt of a ``ConnectionSupervisor`` to connect, handed to the platform's session: the
/// hold it runs under, and where the session says that the connection came up (which decides
/// whether the session was stable, so that the backoff starts over).
package struct ConnectionAttempt: Sendable {
    /// The hold on the connection's duty; the session acts outside the database only while it is held.
    package let hold: DutyHold
    private let clock: any HomeroomClock
    private let upSince = UpMark()

    /// An attempt under `hold`, timed on `clock`.
    package init(hold: DutyHold, clock: any HomeroomClock) {
        self.hold = hold
        self.clock = clock
    }

    /// The connection is up (connected, logged in, greeted by the server); the first call counts.
    package func cameUp() {
        let now = clock.now
        upSince.instant.withLock { $0 = $0 ?? now }
    }

    /// True when the connection came up at least `seconds` before `now`.
    func wasUp(forAtLeast seconds: TimeInterval, at now: Date) -> Bool {
        guard let since = upSince.instant.withLock({ $0 }) else { return false }
        return now.timeIntervalSince(since) >= seconds
    }

    /// When the connection came up, shared by the copies of one attempt.
    private final class UpMark: Sendable {
        let instant = Mutex<Date?>(nil)
    }
}
