import Foundation
import Synchronization

/// The signatures one process accepted (the replay guard of one instance): at most `capacity`
/// are kept; past that the ones that expire first are forgotten first.
final class SeenSignaturesInMemory: Sendable {
    private let seen = Mutex<[[UInt8]: Date]>([:])
    private let window: TimeInterval
    private let capacity: Int

    /// Remembers each signature for `window` seconds after the instant it was signed (or
    /// received, for a platform that signs no timestamp), `capacity` of them at most.
    init(window: TimeInterval, capacity: Int = 10_000) {
        self.window = window
        self.capacity = max(1, capacity)
    }

    /// Records `signature` (signed at `timestamp`); false when it was already seen.
    func firstUse(of signature: [UInt8], signedAt timestamp: Date, now: Date) -> Bool {
        seen.withLock { seen in
            if let expiry = seen[signature], expiry > now { return false }
            if seen.count >= capacity {
                seen = seen.filter { $0.value > now }
                if seen.count >= capacity {
                    // Dropping a quarter at once keeps the sort rare under a steady stream.
                    let kept = seen.sorted { $0.value > $1.value }.prefix(capacity - max(1, capacity / 4))
                    seen = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
                }
            }
            seen[signature] = timestamp.addingTimeInterval(window)
            return true
        }
    }
}
