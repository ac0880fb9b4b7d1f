import Foundation
import HomeroomCore
import ICalendar
import Logging

/// Fetches the calendar feed with a conditional GET and keeps the last good copy in storage.
///
/// A fetched body becomes the stored copy only once it was read and expanded over the months around
/// now without error (`CalendarCopyCheck`). A failed fetch, or a body that fails either step, leaves
/// the stored copy serving; the first failure of a streak is announced once to the alert targets
/// (through the outbox, in the same transaction that records it, so two instances cannot both
/// announce it), and so is the recovery. The feed's address may hold a secret: alerts and logs show
/// it redacted (`URL.redacted`).
struct FeedRefresher: Sendable {
    /// What one refresh did.
    enum Outcome: Sendable, Equatable {
        case updated(events: Int)
        case unchanged
        case failed(String)
    }

    let url: URL
    let maximumBytes: Int
    let timeout: Duration
    let alertTargets: [AlertTarget]

    func refresh(storage: PluginStorage, fetcher: any HTTPFetching, now: Date, logger: Logger) async throws -> Outcome {
        let store = ScheduleStore(storage: storage)
        let key = url.absoluteString
        let shown = url.redacted
        let previous = try await store.feedState(for: key)
        let held = previous?.hasBody == true
        let request = FetchRequest(
            url: url, etag: held ? previous?.etag : nil, lastModified: held ? previous?.lastModified : nil,
            maximumBytes: maximumBytes, timeout: timeout)
        let problem: String
        var detail: String?
        do {
            switch try await fetcher.fetch(request) {
            case .notModified:
                try await recordSuccess(storing: nil, now: now, store: store)
                logger.debug("bell schedule feed unchanged", metadata: ["url": "\(shown)"])
                return .unchanged
            case .fetched(let body, let etag, let lastModified):
                switch CalendarCopyCheck.check(body, around: now) {
                case .good(let calendar, let skipped):
                    let copy = NewCopy(
                        body: String(decoding: body, as: UTF8.self), etag: etag, lastModified: lastModified)
                    try await recordSuccess(storing: copy, now: now, store: store)
                    logger.info(
                        "bell schedule feed updated",
                        metadata: ["url": "\(shown)", "bytes": "\(body.count)", "events": "\(calendar.events.count)"])
                    if let first = skipped.first {
                        logger.warning(
                            "bell schedule feed: some events are skipped",
                            metadata: ["url": "\(shown)", "skipped": "\(skipped.count)", "first": "\(first)"])
                    }
                    return .updated(events: calendar.events.count)
                case .refused(let reason):
                    problem = reason
                }
            }
        } catch let error as FetchError {
            problem = error.message.replacingOccurrences(of: key, with: shown)
            detail = error.detail.replacingOccurrences(of: key, with: shown)
        }
        logger.warning(
            "bell schedule feed failed; serving the last good copy",
            metadata: ["url": "\(shown)", "reason": "\(detail ?? problem)"])
        try await recordFailure(problem, now: now, store: store)
        return .failed(problem)
    }

    /// A body fetched with 200, to be stored.
    private struct NewCopy: Sendable {
        var body: String
        var etag: String?
        var lastModified: String?
    }

    /// Stores a new copy (or, for 304, marks the stored one checked without rewriting it) and
    /// announces a recovery.
    private func recordSuccess(storing copy: NewCopy?, now: Date, store: ScheduleStore) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
        try await store.storage.write { db in
            let current = try await store.feedState(for: key, on: db)
            if let failing = current?.failingSince, current?.alerted == true {
                for target in targets {
                    _ = try await Outbox.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: ["The bell schedule feed works again (\(shown))."],
                        idempotencyKey: "schedule:feed-recovered:\(shown):\(Int(failing.timeIntervalSince1970))",
                        due: now,
                        into: db)
                }
            }
            if let copy {
                try await store.saveBody(
                    copy.body, url: key, etag: copy.etag, lastModified: copy.lastModified, at: now, on: db)
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
    private func recordFailure(_ problem: String, now: Date, store: ScheduleStore) async throws {
        let key = url.absoluteString
        let shown = url.redacted
        let targets = alertTargets
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
                    _ = try await Outbox.enqueue(
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
