import Foundation
import HomeroomCore
import HomeroomEngine
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

    /// Ordinary commands from many senders, whose default limit refills fast, never forget a
    /// `/link` bucket that is still empty by its own, slower limit.
    @Test func ordinaryTrafficNeverResetsALinkBucket() {
        let limiter = RateLimiter(pruneThreshold: 10)
        let link = RateLimit(burst: 3, perMinute: 1)
        let guesser = UserID(adapter: "irc", id: "guesser")
        let start = TestClock.instant("2026-11-23T12:00:00Z")
        for _ in 0..<3 { #expect(limiter.check(guesser, scope: "link", limit: link, at: start) == .allowed) }
        #expect(limiter.check(guesser, scope: "link", limit: link, at: start) == .warn(retryAfterSeconds: 60))
        // From 20 s on, the default limit (5 at once, 20 a minute) counts any bucket emptied at
        // the start as full again; by its own limit the link bucket has a third of a token.
        for index in 0..<200 {
            let now = start.addingTimeInterval(20 + Double(index) / 10)
            #expect(limiter.check(UserID(adapter: "irc", id: "s\(index)"), limit: .perUserDefault, at: now) == .allowed)
            if index % 30 == 0 { #expect(limiter.check(guesser, limit: .perUserDefault, at: now) == .allowed) }
        }
        #expect(limiter.bucketCount < 100, "full buckets are forgotten: \(limiter.bucketCount) kept")
        #expect(limiter.check(guesser, scope: "link", limit: link, at: start.addingTimeInterval(59)) == .silent)
        #expect(limiter.check(guesser, scope: "link", limit: link, at: start.addingTimeInterval(60)) == .allowed)
        #expect(limiter.check(guesser, scope: "link", limit: link, at: start.addingTimeInterval(60)) != .allowed)
    }

    /// Two commands in one scope with different limits keep a bucket each.
    @Test func eachLimitHasItsOwnBucket() {
        let limiter = RateLimiter()
        let user = UserID(adapter: "irc", id: "a")
        let now = TestClock.instant("2026-11-23T12:00:00Z")
        #expect(limiter.check(user, scope: "link", limit: RateLimit(burst: 1, perMinute: 1), at: now) == .allowed)
        #expect(limiter.check(user, scope: "link", limit: RateLimit(burst: 1, perMinute: 1), at: now) != .allowed)
        #expect(limiter.check(user, scope: "link", limit: RateLimit(burst: 2, perMinute: 1), at: now) == .allowed)
    }

    /// Above the threshold each check looks at a fixed number of buckets, whatever their number:
    /// the work grows with the checks, not with checks × buckets as a scan of every bucket did.
    /// The reference is that linear scan, counted on the same traffic.
    @Test func checksAboveTheThresholdLookAtAFewBucketsEach() {
        let threshold = 1_000
        let limiter = RateLimiter(pruneThreshold: threshold)
        let start = TestClock.instant("2026-11-23T12:00:00Z")
        let senders = 20_000
        var linearScanWork = 0
        for index in 0..<senders {
            // Each sender sends three commands in a burst: their buckets are not full for 9 s.
            let now = start.addingTimeInterval(Double(index) / 1000)
            let sender = UserID(adapter: "irc", id: "s\(index)")
            for _ in 0..<3 {
                if limiter.bucketCount > threshold { linearScanWork += limiter.bucketCount }
                #expect(limiter.check(sender, limit: .perUserDefault, at: now) == .allowed)
            }
        }
        let checks = senders * 3
        let examined = limiter.bucketsExamined
        #expect(examined <= checks * 2, "\(examined) buckets looked at for \(checks) checks")
        #expect(examined * 100 < linearScanWork, "swept \(examined), a scan of every bucket \(linearScanWork)")
        // The table keeps up: about 9,000 buckets are not full (a burst's tokens are back after
        // 9 s, and a sender comes every ms); the full ones are forgotten within a sweep's round
        // instead of piling up to 20,000.
        #expect(limiter.bucketCount < 12_000, "\(limiter.bucketCount) buckets kept")
    }

    /// The same in time: 2,000 checks against 50,000 kept buckets take about as long as against
    /// 1,100, measured in the same run, where a scan of every bucket costs in proportion to their number.
    @Test func aCheckTakesAboutAsLongWithFortyTimesTheBuckets() {
        let start = TestClock.instant("2026-11-23T12:00:00Z")
        // Limiters holding `count` buckets, none full (each sender has just sent), one per run.
        func limiters(holding count: Int) -> [RateLimiter] {
            (0..<3).map { _ in
                let limiter = RateLimiter(pruneThreshold: 1_000)
                for index in 0..<count {
                    _ = limiter.check(UserID(adapter: "irc", id: "s\(index)"), limit: .perUserDefault, at: start)
                }
                return limiter
            }
        }
        func checks(on limiter: RateLimiter) {
            for index in 0..<2_000 {
                _ = limiter.check(UserID(adapter: "irc", id: "new\(index)"), limit: .perUserDefault, at: start)
            }
        }
        var few = limiters(holding: 1_100).makeIterator()
        var many = limiters(holding: 50_000).makeIterator()
        let ratio = CostRatio.of({ checks(on: many.next()!) }, against: { checks(on: few.next()!) })
        #expect(ratio < 5, "2,000 checks among 50,000 buckets took \(ratio) times as long as among 1,100")
    }
}
