import CalendarFeeds
import Foundation
import HomeroomCore

/// The feeds' rows in `events_feeds`: the last good copy of each, its validators and its last failure.
extension EventStore: CalendarFeedStore {
    func heldValidators(of url: URL) async throws -> CalendarFeedCopy.Validators? {
        guard let held = try await feedState(url.absoluteString), held.body != nil else { return nil }
        return .init(etag: held.etag, lastModified: held.lastModified)
    }

    func keep(_ copy: CalendarFeedCopy, of url: URL, at now: Date) async throws {
        try await saveFeed(
            url.absoluteString,
            FeedState(body: copy.body, etag: copy.validators.etag, lastModified: copy.validators.lastModified),
            at: now)
    }

    func confirm(_ url: URL, at now: Date) async throws {
        try await saveFeed(url.absoluteString, FeedState(), at: now)
    }

    func recordFailure(_ problem: String, of url: URL, at now: Date) async throws {
        try await saveFeed(url.absoluteString, FeedState(failure: problem), at: now)
    }
}
