import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@Suite struct RateLimiterTests {
    @Test func burstThenOneWarningThenSilenceUntilRefill() {
        let limiter = RateLimiter()
        let student = UserID(adapter: "irc", id: "sam")
        let limit = RateLimit(burst: 3, perMinute: 6)
        let start = TestClock.instant("2026-11-23T12:00:00Z")
        for _ in 0..<3 { #expect(limiter.check(student, limit: limit, at: start) == .allowed) }
        #expect(limiter.check(student, limit: limit, at: start) == .warn(retryAfterSeconds: 10))
        #expect(limiter.check(student, limit: limit, at: start) == .silent)
        #expect(limiter.check(student, limit: limit, at: start.addingTimeInterval(5)) == .silent)
        #expect(limiter.check(student, limit: limit, at: start.addingTimeInterval(10)) == .allowed)
        // After a token, being over the limit again earns a new warning.
        #expect(limiter.check(student, limit: limit, at: start.addingTimeInterval(10)) == .warn(retryAfterSeconds: 10))
    }

    @Test func usersAndScopesHaveTheirOwnBuckets() {
        let limiter = RateLimiter()
        let limit = RateLimit(burst: 1, perMinute: 1)
        let now = TestClock.instant("2026-11-23T12:00:00Z")
        #expect(limiter.check(UserID(adapter: "irc", id: "a"), limit: limit, at: now) == .allowed)
        #expect(limiter.check(UserID(adapter: "irc", id: "b"), limit: limit, at: now) == .allowed)
        #expect(limiter.check(UserID(adapter: "irc", id: "a"), scope: "login", limit: limit, at: now) == .allowed)
        #expect(limiter.check(UserID(adapter: "irc", id: "a"), limit: limit, at: now) != .allowed)
    }
}
