import Foundation
import HomeroomCore
import ICalendar
import Logging

/// Fetches the calendar feed with a conditional GET and keeps the last good copy in storage.
///
/// A failed fetch, or a body that is not a calendar, leaves the stored copy serving; the first
/// failure of a streak is announced once to the alert targets (through the outbox, in the same
/// transaction that records it, so two instances cannot both announce it), and so is the recovery.
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
        let previous = try await store.feedCopy(for: key)
        let request = FetchRequest(
            url: url, etag: previous?.body.isEmpty == false ? previous?.etag : nil,
            lastModified: previous?.body.isEmpty == false ? previous?.lastModified : nil, maximumBytes: maximumBytes,
            timeout: timeout)
        let problem: String
        do {
            switch try await fetcher.fetch(request) {
            case .notModified:
                try await record(success: nil, now: now, store: store)
                logger.debug("bell schedule feed unchanged", metadata: ["url": "\(key)"])
                return .unchanged
            case .fetched(let body, let etag, let lastModified):
                do {
                    let calendar = try VCalendar(bytes: body)
                    let text = String(decoding: body, as: UTF8.self)
                    let copy = FeedCopy(
                        url: key, body: text, etag: etag, lastModified: lastModified, fetchedAt: now, checkedAt: now,
                        failingSince: nil, lastError: nil, alerted: false)
                    try await record(success: copy, now: now, store: store)
                    logger.info(
                        "bell schedule feed updated",
                        metadata: ["url": "\(key)", "bytes": "\(body.count)", "events": "\(calendar.events.count)"])
                    return .updated(events: calendar.events.count)
                } catch let error as ICalendarError {
                    problem = "the feed is not a calendar we can read (\(error))"
                }
            }
        } catch let error as FetchError {
            problem = error.message
        }
        logger.warning(
            "bell schedule feed failed; serving the last good copy",
            metadata: ["url": "\(key)", "reason": "\(problem)"])
        try await record(failure: problem, now: now, store: store)
        return .failed(problem)
    }

    /// Stores a new copy (or, for 304, marks the old one checked) and announces a recovery.
    private func record(success copy: FeedCopy?, now: Date, store: ScheduleStore) async throws {
        let key = url.absoluteString
        let targets = alertTargets
        try await store.storage.write { db in
            let current = try await store.feedCopy(for: key, on: db)
            guard var updated = copy ?? current else { return }
            updated.checkedAt = now
            if let failing = current?.failingSince, current?.alerted == true {
                for target in targets {
                    _ = try await Outbox.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: ["The bell schedule feed works again (\(key))."],
                        idempotencyKey: "schedule:feed-recovered:\(key):\(Int(failing.timeIntervalSince1970))",
                        due: now,
                        into: db)
                }
            }
            updated.failingSince = nil
            updated.lastError = nil
            updated.alerted = false
            try await store.save(updated, on: db)
        }
    }

    /// Records a failure; the first of a streak is announced once.
    private func record(failure problem: String, now: Date, store: ScheduleStore) async throws {
        let key = url.absoluteString
        let targets = alertTargets
        try await store.storage.write { db in
            var copy =
                try await store.feedCopy(for: key, on: db)
                ?? FeedCopy(
                    url: key, body: "", etag: nil, lastModified: nil, fetchedAt: Date(timeIntervalSince1970: 0),
                    checkedAt: now, failingSince: nil, lastError: nil, alerted: false)
            copy.checkedAt = now
            copy.lastError = problem
            let since = copy.failingSince ?? now
            copy.failingSince = since
            if !copy.alerted {
                let serving =
                    copy.body.isEmpty
                    ? "There is no earlier copy, so /now has no bell schedule until it works."
                    : "The copy fetched \(Self.stamp(copy.fetchedAt)) keeps serving."
                for target in targets {
                    _ = try await Outbox.enqueue(
                        adapter: target.adapter, target: target.target,
                        lines: ["The bell schedule feed is failing: \(problem).", serving, "URL: \(key)"],
                        idempotencyKey: "schedule:feed-down:\(key):\(Int(since.timeIntervalSince1970))", due: now,
                        into: db)
                }
                copy.alerted = true
            }
            try await store.save(copy, on: db)
        }
    }

    private static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + " UTC"
    }
}
