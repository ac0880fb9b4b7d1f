import Foundation
import HomeroomCore

/// The token buckets of a ``RateLimiter``, by sender and limit, with a sweep that forgets full
/// ones a few at a time: each key waits in a queue, and a sweep step looks at the front few keys,
/// forgetting a bucket that is full by its own limit and sending any other key to the back. A
/// step costs the same however many buckets there are.
struct BucketTable {
    /// A sender's bucket for one scope and limit: commands with their own limit (`/login`,
    /// `/link`) never share a bucket with ordinary traffic.
    struct Key: Hashable {
        let user: UserID
        let scope: String
        let limit: RateLimit
    }

    private(set) var buckets: [Key: TokenBucket] = [:]
    /// Every key of ``buckets`` once, from `sweepStart` on, in the order the sweep visits them.
    private var sweepOrder: [Key] = []
    private var sweepStart = 0
    /// How many buckets the sweep has looked at, in all.
    private(set) var bucketsExamined = 0

    /// The bucket for `key`, new and full at `now` when there was none.
    mutating func bucket(for key: Key, at now: Date) -> TokenBucket {
        if let bucket = buckets[key] { return bucket }
        let bucket = TokenBucket(limit: key.limit, at: now)
        buckets[key] = bucket
        sweepOrder.append(key)
        return bucket
    }

    /// Stores `bucket` for a `key` that ``bucket(for:at:)`` returned (with no sweep in between).
    mutating func update(_ key: Key, to bucket: TokenBucket) {
        buckets[key] = bucket
    }

    /// Looks at the next `count` keys in the sweep's order: forgets the buckets full at `now`
    /// (forgetting them changes nothing) and sends the others to the back of the queue.
    mutating func sweep(_ count: Int, at now: Date) {
        for _ in 0..<min(count, sweepOrder.count - sweepStart) {
            let key = sweepOrder[sweepStart]
            sweepStart += 1
            bucketsExamined += 1
            if let bucket = buckets[key], bucket.isFull(at: now, limit: key.limit) {
                buckets[key] = nil
            } else {
                sweepOrder.append(key)
            }
        }
        // The visited front goes once it is half the array: amortised O(1) a key.
        if sweepStart > 64, sweepStart * 2 > sweepOrder.count {
            sweepOrder.removeFirst(sweepStart)
            sweepStart = 0
        }
    }
}
