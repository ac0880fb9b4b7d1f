import Foundation
import HomeroomCore

/// One token bucket: full at `burst` tokens, losing one per command, refilled continuously.
struct TokenBucket: Sendable {
    private(set) var tokens: Double
    private(set) var updatedAt: Date
    /// True once the user has been told to slow down, until the bucket has a token again.
    var hasBeenWarned = false

    init(limit: RateLimit, at now: Date) {
        tokens = Double(limit.burst)
        updatedAt = now
    }

    /// Refills for the time passed, then takes one token if there is one.
    mutating func take(at now: Date, limit: RateLimit) -> Bool {
        let elapsed = max(0, now.timeIntervalSince(updatedAt))
        tokens = min(Double(limit.burst), tokens + elapsed * limit.perMinute / 60)
        updatedAt = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        hasBeenWarned = false
        return true
    }

    /// Seconds until the next token.
    func secondsUntilNextToken(limit: RateLimit) -> Int {
        guard limit.perMinute > 0 else { return 60 }
        return max(1, Int(((1 - tokens) * 60 / limit.perMinute).rounded(.up)))
    }

    /// True when the bucket is full at `now`, so forgetting it changes nothing.
    func isFull(at now: Date, limit: RateLimit) -> Bool {
        tokens + now.timeIntervalSince(updatedAt) * limit.perMinute / 60 >= Double(limit.burst)
    }
}
