import Foundation
import HomeroomCore
import Synchronization

/// The signatures one process accepted (the replay guard of one instance, on SQLite): at most
/// `capacity` are kept; past that the ones that expire first are forgotten first.
package final class SeenSignaturesInMemory: SeenSignatures {
    private let seen = Mutex<[[UInt8]: Date]>([:])
    private let capacity: Int

    /// Keeps `capacity` signatures at most.
    package init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    package func remember(_ signature: [UInt8], until expiry: Date, now: Date) -> Bool {
        seen.withLock { seen in
            if let kept = seen[signature], kept > now { return false }
            if seen.count >= capacity {
                seen = seen.filter { $0.value > now }
                if seen.count >= capacity {
                    // Dropping a quarter at once keeps the sort rare under a steady stream.
                    let kept = seen.sorted { $0.value > $1.value }.prefix(capacity - max(1, capacity / 4))
                    seen = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
                }
            }
            seen[signature] = expiry
            return true
        }
    }
}
