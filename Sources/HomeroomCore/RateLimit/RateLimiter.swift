import Foundation
import Synchronization

/// Per-user token buckets: the first command over the limit gets a polite answer, later ones
/// get silence until a token is back.
package final class RateLimiter: Sendable {
    /// What happens to a command.
    package enum Decision: Equatable, Sendable {
        /// Go ahead.
        case allowed
        /// Over the limit: tell the user once, with the seconds to wait.
        case warn(retryAfterSeconds: Int)
        /// Over the limit and already told: say nothing.
        case silent
    }

    private struct Key: Hashable {
        let user: UserID
        let scope: String
    }

    private let buckets = Mutex<[Key: TokenBucket]>([:])
    /// Buckets kept before full ones are forgotten.
    private let pruneThreshold: Int

    /// Creates a limiter.
    package init(pruneThreshold: Int = 10_000) {
        self.pruneThreshold = pruneThreshold
    }

    /// Takes a token for `user` from the bucket named `scope` (`""` for the per-user default).
    package func check(_ user: UserID, scope: String = "", limit: RateLimit, at now: Date) -> Decision {
        buckets.withLock { buckets in
            let key = Key(user: user, scope: scope)
            var bucket = buckets[key] ?? TokenBucket(limit: limit, at: now)
            defer { buckets[key] = bucket }
            if buckets.count > pruneThreshold {
                buckets = buckets.filter { !$0.value.isFull(at: now, limit: limit) }
            }
            if bucket.take(at: now, limit: limit) { return .allowed }
            if bucket.hasBeenWarned { return .silent }
            bucket.hasBeenWarned = true
            return .warn(retryAfterSeconds: bucket.secondsUntilNextToken(limit: limit))
        }
    }
}
