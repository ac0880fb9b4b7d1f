import CalendarFeeds
import Foundation
import HomeroomCore

/// The bell schedule feed's row in `schedule_feed`, with the alerts its failures and recoveries send.
struct BellFeedStore: CalendarFeedStore {
    let store: ScheduleStore
    let alertTargets: [AlertTarget]

    func heldValidators(of url: URL) async throws -> CalendarFeedCopy.Validators? {
        guard let state = try await store.feedState(for: url.absoluteString), state.hasBody else { return nil }
        return .init(etag: state.etag, lastModified: state.lastModified)
    }

    func keep(_ copy: CalendarFeedCopy, of url: URL, at now: Date) async throws {
        try await recordSuccess(of: url, storing: copy, now: now)
    }

    func confirm(_ url: URL, at now: Date) async throws {
        try await recordSuccess(of: url, storing: nil, now: now)
    }

    /// Stores a new copy (or, for 304, marks the stored one checked without rewriting it) and
    /// announces a recovery.
    private func recordSuccess(of url: URL, storing copy: CalendarFeedCopy?, now: Date) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
        let store = store
        try await store.storage.write { db in
            let current = try await store.feedState(for: key, on: db)
            if let failing = current?.failingSince, current?.alerted == true {
                for target in targets {
                    _ = try await store.storage.notifications.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: ["The bell schedule feed works again (\(shown))."],
                        idempotencyKey: "schedule:feed-recovered:\(shown):\(Int(failing.timeIntervalSince1970))",
                        due: now,
                        into: db)
                }
            }
            if let copy {
                try await store.saveBody(
                    copy.body, url: key, etag: copy.validators.etag, lastModified: copy.validators.lastModified,
                    at: now, on: db)
            } else if var state = current {
                state.checkedAt = now
                state.failingSince = nil
                state.lastError = nil
                state.alerted = false
                try await store.saveHealth(state, on: db)
            }
        }
    }

    /// Records a failure; the first of a streak is announced once.
    func recordFailure(_ problem: String, of url: URL, at now: Date) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
        let store = store
        try await store.storage.write { db in
            var state = try await store.feedState(for: key, on: db) ?? .empty(url: key, at: now)
            state.checkedAt = now
            state.lastError = problem
            let since = state.failingSince ?? now
            state.failingSince = since
            if !state.alerted {
                let serving =
                    state.hasBody
                    ? "The copy fetched \(Self.stamp(state.fetchedAt)) keeps serving."
                    : "There is no earlier copy, so /now has no bell schedule until it works."
                for target in targets {
                    _ = try await store.storage.notifications.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: ["The bell schedule feed is failing: \(problem).", serving, "Feed: \(shown)"],
                        idempotencyKey: "schedule:feed-down:\(shown):\(Int(since.timeIntervalSince1970))", due: now,
                        into: db)
                }
                state.alerted = true
            }
            try await store.saveHealth(state, on: db)
        }
    }

    private static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + " UTC"
    }
}
