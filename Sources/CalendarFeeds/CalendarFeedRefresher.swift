import Foundation
import HomeroomCore
import ICalendar
import Logging

/// Refreshes one calendar feed: a conditional GET through the plugin's fetcher held to its
/// `FetchLimits`, then the check a new copy must pass before it replaces the last good one
/// (`CalendarCopyCheck`: read, then expanded over the months around now without error).
///
/// An event that cannot be read is skipped with a warning naming the first such event and the
/// count; the rest of the copy is kept. A failed fetch, or a body that fails the check, keeps
/// nothing: the store records the failure and its held copy keeps serving. A feed's address may
/// hold a secret, so the log and the recorded problem show it redacted (`URL.redacted`).
package struct CalendarFeedRefresher: Sendable {
    /// What one refresh did.
    package enum Outcome: Sendable, Equatable {
        /// A new copy with this many events is kept.
        case updated(events: Int)
        /// The server answered 304: the held copy is current.
        case unchanged
        /// Nothing was kept, for this reason (short, for an admin); the held copy keeps serving.
        case failed(String)
    }

    /// The feed's address.
    package let url: URL
    /// The largest body and the deadline.
    package let limits: FetchLimits
    /// What the log calls the feed ("bell schedule feed").
    package let name: String

    /// A refresher of `url` within `limits`, logged as `name`.
    package init(url: URL, limits: FetchLimits, name: String = "calendar feed") {
        self.url = url
        self.limits = limits
        self.name = name
    }

    /// Fetches the feed with `fetcher` at `now`, and keeps a good copy in `store` or records why
    /// there is none; floating and all-day times are read in `localZone` (the calendar's own zone
    /// when nil). `metadata` is added to every log line (the feed's place in a list, say). Throws
    /// only what `store` throws.
    package func refresh(
        into store: some CalendarFeedStore, fetcher: any HTTPFetching, now: Date, localZone: ZoneRules? = nil,
        logger: Logger, metadata: Logger.Metadata = [:]
    ) async throws -> Outcome {
        var metadata = metadata
        metadata["url"] = "\(url.redacted)"
        let held = try await store.heldValidators(of: url)
        let request = limits.request(
            for: url, provenance: .configured, etag: held?.etag, lastModified: held?.lastModified)
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(request)
        } catch {
            let key = url.absoluteString
            return try await fail(
                error.message.replacingOccurrences(of: key, with: url.redacted),
                detail: error.detail.replacingOccurrences(of: key, with: url.redacted), store: store, now: now,
                logger: logger, metadata: metadata)
        }
        switch response {
        case .notModified:
            try await store.confirm(url, at: now)
            logger.debug("\(name) unchanged", metadata: metadata)
            return .unchanged
        case .fetched(let body, let etag, let lastModified):
            switch CalendarCopyCheck.check(body, around: now, localZone: localZone) {
            case .refused(let reason):
                return try await fail(reason, detail: nil, store: store, now: now, logger: logger, metadata: metadata)
            case .good(let calendar, let skipped):
                let copy = CalendarFeedCopy(
                    body: String(decoding: body, as: UTF8.self),
                    validators: .init(etag: etag, lastModified: lastModified), events: calendar.events.count)
                try await store.keep(copy, of: url, at: now)
                logger.info(
                    "\(name) updated",
                    metadata: metadata.merging(["bytes": "\(body.count)", "events": "\(copy.events)"]) { $1 })
                if let first = skipped.first {
                    logger.warning(
                        "\(name): some events are skipped",
                        metadata: metadata.merging(["skipped": "\(skipped.count)", "first": "\(first)"]) { $1 })
                }
                return .updated(events: copy.events)
            }
        }
    }

    /// Logs and records a refresh that keeps nothing.
    private func fail(
        _ problem: String, detail: String?, store: some CalendarFeedStore, now: Date, logger: Logger,
        metadata: Logger.Metadata
    ) async throws -> Outcome {
        logger.warning(
            "\(name) failed; its last good copy keeps serving",
            metadata: metadata.merging(["reason": "\(detail ?? problem)"]) { $1 })
        try await store.recordFailure(problem, of: url, at: now)
        return .failed(problem)
    }
}
