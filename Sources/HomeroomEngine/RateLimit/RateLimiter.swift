import Foundation
import HomeroomCore
import Synchronization

/// Per-user token buckets: the first command over the limit gets a polite answer, later ones
/// get silence until a token is back.
///
/// A sender has a bucket per scope and limit, so ordinary commands never touch the bucket of a
/// command with its own limit (`/login`, `/link`). Above `pruneThreshold` buckets, each check
/// also looks at two buckets in turn and forgets them if they are full by their own limit: the
/// table shrinks as fast as new senders fill it, at the same small cost per check however many
/// buckets there are.
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

    /// Buckets looked at by each check once there are more than `pruneThreshold`: more than the
    /// one a check can add, so the sweep keeps up with new senders.
    static let sweepPerCheck = 2

    private let table = Mutex(BucketTable())
    /// Buckets kept before full ones are forgotten.
    private let pruneThreshold: Int

    /// Creates a limiter.
    package init(pruneThreshold: Int = 10_000) {
        self.pruneThreshold = pruneThreshold
    }

    /// Takes a token for `user` from its bucket for `limit` in `scope` (`""` for the per-user default).
    package func check(_ user: UserID, scope: String = "", limit: RateLimit, at now: Date) -> Decision {
        table.withLock { table in
            // The sweep goes first, so that the bucket taken from below stays in its queue.
            if table.buckets.count > pruneThreshold { table.sweep(Self.sweepPerCheck, at: now) }
            let key = BucketTable.Key(user: user, scope: scope, limit: limit)
            var bucket = table.bucket(for: key, at: now)
            defer { table.update(key, to: bucket) }
            if bucket.take(at: now, limit: limit) { return .allowed }
            if bucket.hasBeenWarned { return .silent }
            bucket.hasBeenWarned = true
            return .warn(retryAfterSeconds: bucket.secondsUntilNextToken(limit: limit))
        }
    }

    /// How many buckets are kept.
    package var bucketCount: Int { table.withLock { $0.buckets.count } }

    /// How many buckets the checks have looked at to forget full ones, in all.
    package var bucketsExamined: Int { table.withLock { $0.bucketsExamined } }
}
