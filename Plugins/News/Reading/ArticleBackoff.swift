import Foundation
import Synchronization

/// Stories whose page could not be had, and when it is asked for again: 10 minutes after the
/// first failure, the wait doubling with each failure up to 4 hours, so a site that is down or
/// slow is not asked on every `/news N`. Kept in memory (a restart starts afresh), at most 1,000
/// stories.
final class ArticleBackoff: Sendable {
    /// A story's last failure.
    struct Failure: Sendable, Equatable {
        /// Why the page could not be had; the reader is told it in their language.
        var problem: ArticleReader.Problem
        /// True when fetching failed (the reader is told it will be tried again).
        var fetchFailed: Bool
        /// When the page may be asked for again.
        var retryAt: Date
        /// The wait that led to `retryAt`, doubled at the next failure.
        var wait: TimeInterval
    }

    static let firstWait: TimeInterval = 10 * 60
    static let longestWait: TimeInterval = 4 * 3600
    private static let capacity = 1000

    private let failures = Mutex<[Int64: Failure]>([:])

    /// The failure that still holds `story` back at `now`, if any.
    func waiting(_ story: Int64, at now: Date) -> Failure? {
        failures.withLock { $0[story] }.flatMap { $0.retryAt > now ? $0 : nil }
    }

    /// Notes a failure of `story` at `now` and returns it with its wait.
    @discardableResult
    func recordFailure(of story: Int64, problem: ArticleReader.Problem, fetchFailed: Bool, at now: Date) -> Failure {
        failures.withLock { failures in
            let wait = failures[story].map { min($0.wait * 2, Self.longestWait) } ?? Self.firstWait
            let failure = Failure(
                problem: problem, fetchFailed: fetchFailed, retryAt: now.addingTimeInterval(wait), wait: wait)
            if failures[story] == nil, failures.count >= Self.capacity {
                failures = failures.filter { $0.value.retryAt > now }
                if failures.count >= Self.capacity,
                    let soonest = failures.min(by: { $0.value.retryAt < $1.value.retryAt })
                {
                    failures[soonest.key] = nil
                }
            }
            failures[story] = failure
            return failure
        }
    }

    /// Forgets `story`'s failures once its page was read.
    func recordSuccess(of story: Int64) {
        _ = failures.withLock { $0.removeValue(forKey: story) }
    }

    /// How many minutes until `date`, rounded up, at least 1: the reader is told "10 min", or
    /// from 90 minutes on "2 h".
    static func remainingMinutes(until date: Date, from now: Date) -> Int {
        let seconds = date.timeIntervalSince(now)
        return seconds.isFinite ? Int(min(max(seconds / 60, 1), 100_000).rounded(.up)) : 1
    }
}
