import HomeroomWebhooks
import Foundation

/// What Discord's rate-limit headers have said so far
/// (https://discord.com/developers/docs/topics/rate-limits — "Header Format"): each route, such as
/// `POST /channels/{channel.id}/messages`, belongs to a bucket Discord names in `X-RateLimit-Bucket`,
/// and a bucket is counted per major parameter (the channel id), with `X-RateLimit-Remaining`
/// requests left until `X-RateLimit-Reset-After` seconds have passed. A `global: true` 429 stops
/// every route for its `retry_after`.
///
/// Times are on the monotonic clock: they say how long to wait before the next request, which
/// Discord measures in real seconds whatever instant the outbox's clock shows.
package actor DiscordRateLimits {
    /// One bucket's count for one major parameter.
    private struct Window {
        var remaining: Int
        var resetsAt: ContinuousClock.Instant
    }

    /// The bucket Discord named for each route (`POST /channels/{id}/messages`).
    private var bucketOfRoute: [String: String] = [:]
    /// Counts by bucket id and major parameter (`BUCKET/123`).
    private var windows: [String: Window] = [:]
    /// Until when every route waits after a global 429.
    private var globalUntil: ContinuousClock.Instant?

    /// The most buckets kept: older windows are dropped past this (a bot posting to many channels).
    static let maximumWindows = 10_000
    /// The longest reset Discord's headers are believed for, in seconds.
    package static let longestReset = 3600.0

    /// Limits with nothing learnt yet.
    package init() {}

    /// How long to wait before `route` may be called for `major` (zero when it may go now); a
    /// request that may go takes one from its bucket's count, so concurrent senders wait their turn.
    package func reserve(route: String, major: String) -> Duration {
        let now = ContinuousClock.now
        var wait = Duration.zero
        if let globalUntil {
            if globalUntil > now { wait = globalUntil - now } else { self.globalUntil = nil }
        }
        guard let bucket = bucketOfRoute[route], var window = windows[Self.key(bucket, major)] else { return wait }
        if window.resetsAt <= now {
            windows[Self.key(bucket, major)] = nil
            return wait
        }
        if window.remaining > 0 {
            window.remaining -= 1
            windows[Self.key(bucket, major)] = window
            return wait
        }
        return max(wait, window.resetsAt - now)
    }

    /// Records the rate-limit headers of an answer to `route` for `major`; headers that are missing
    /// or not numbers change nothing.
    package func learn(route: String, major: String, bucket: String?, remaining: String?, resetAfter: String?) {
        guard let bucket, !bucket.isEmpty, bucket.utf8.count <= 200,
            let remaining = remaining.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            let seconds = Self.seconds(resetAfter)
        else { return }
        if bucketOfRoute[route] == nil, bucketOfRoute.count >= Self.maximumWindows { bucketOfRoute.removeAll() }
        bucketOfRoute[route] = bucket
        let key = Self.key(bucket, major)
        if windows[key] == nil, windows.count >= Self.maximumWindows { dropEnded() }
        windows[key] = Window(remaining: max(0, remaining), resetsAt: ContinuousClock.now + .seconds(seconds))
    }

    /// Stops every route for `seconds` (a 429 with `global: true`).
    package func blockEveryRoute(for seconds: Double) {
        let until = ContinuousClock.now + .seconds(min(max(0, seconds), Self.longestReset))
        globalUntil = max(globalUntil ?? until, until)
    }

    /// Seconds as Discord writes them (`1.234`), within 0 and ``longestReset``; nil when not a
    /// finite number.
    package static func seconds(_ text: String?) -> Double? {
        text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap(clamped)
    }

    /// `value` within 0 and ``longestReset``; nil when not a finite number.
    package static func clamped(_ value: Double) -> Double? {
        value.isFinite ? min(max(0, value), longestReset) : nil
    }

    private static func key(_ bucket: String, _ major: String) -> String { bucket + "/" + major }

    /// Forgets the windows that have reset, or every window when none has.
    private func dropEnded() {
        let now = ContinuousClock.now
        windows = windows.filter { $0.value.resetsAt > now }
        if windows.count >= Self.maximumWindows { windows.removeAll() }
    }
}
