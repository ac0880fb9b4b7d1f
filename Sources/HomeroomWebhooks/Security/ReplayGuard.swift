import Foundation
import Synchronization

/// Remembers the signatures of accepted requests while their timestamps are still inside the
/// tolerance window, so that a captured request sent again is refused even though its signature
/// and timestamp are valid.
final class ReplayGuard: Sendable {
    private let seen = Mutex<[String: Date]>([:])
    private let window: TimeInterval

    /// Remembers each signature for `window` seconds after its timestamp.
    init(window: TimeInterval) {
        self.window = window
    }

    /// Records `signature` (signed at `timestamp`); false when it was already seen.
    func firstUse(of signature: String, signedAt timestamp: Date, now: Date) -> Bool {
        seen.withLock { seen in
            if seen.count > 4096 { seen = seen.filter { $0.value > now } }
            if let expiry = seen[signature], expiry > now { return false }
            seen[signature] = timestamp.addingTimeInterval(window)
            return true
        }
    }
}
