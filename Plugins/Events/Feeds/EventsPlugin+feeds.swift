import Foundation
import HomeroomCore
import ICalendar

extension EventsPlugin {
    /// Fetches each calendar feed with a conditional GET; a new copy replaces the stored one only
    /// once it was read and expanded over the months around now without error (`CalendarCopyCheck`),
    /// and a failure leaves the last good copy serving (and is recorded with the feed). Feed addresses
    /// may hold a secret: the log shows them redacted (`URL.redacted`), with their place in the list.
    func refreshFeeds(_ context: ScheduledJob.Context) async throws {
        let store = EventStore(storage: context.storage)
        let zone = ZoneRules.system(context.school.timeZone.identifier)
        for (index, url) in feeds.enumerated() {
            let key = url.absoluteString
            let shown = url.redacted
            let held = try await store.feedState(key)
            let request = FetchRequest(
                url: url, etag: held?.body != nil ? held?.etag : nil,
                lastModified: held?.body != nil ? held?.lastModified : nil, maximumBytes: settings.maximumFeedBytes,
                timeout: .seconds(settings.fetchTimeoutSeconds))
            var state = EventStore.FeedState()
            var detail: String?
            do {
                switch try await context.fetcher.fetch(request) {
                case .notModified:
                    break
                case .fetched(let body, let etag, let lastModified):
                    switch CalendarCopyCheck.check(body, around: context.clock.now, localZone: zone) {
                    case .good(_, let skipped):
                        state = EventStore.FeedState(
                            body: String(decoding: body, as: UTF8.self), etag: etag, lastModified: lastModified)
                        if let first = skipped.first {
                            context.logger.warning(
                                "calendar feed: some events are skipped",
                                metadata: [
                                    "feed": "\(index + 1)", "url": "\(shown)", "skipped": "\(skipped.count)",
                                    "first": "\(first)",
                                ])
                        }
                    case .refused(let reason):
                        state.failure = reason
                    }
                }
            } catch {
                state.failure = error.message.replacingOccurrences(of: key, with: shown)
                detail = error.detail.replacingOccurrences(of: key, with: shown)
            }
            if let failure = state.failure {
                context.logger.warning(
                    "calendar feed failed; its last good copy keeps serving",
                    metadata: ["feed": "\(index + 1)", "url": "\(shown)", "reason": "\(detail ?? failure)"])
            }
            try await store.saveFeed(key, state, at: context.clock.now)
        }
    }

    /// The events overlapping [from, to) by start: the public ones added in chat, those of
    /// `circles`, and the feeds'.
    func events(
        from: Date, to: Date, circles: [String], storage: PluginStorage, school: SchoolCalendar
    ) async throws -> [SchoolEvent] {
        let added = try await EventStore(storage: storage).events(from: from, to: to, circles: circles)
        let fromFeeds = try await feedEvents(from: from, to: to, storage: storage, school: school)
        return (added + fromFeeds).sorted { ($0.start, $0.title) < ($1.start, $1.title) }
    }

    /// The feeds' events overlapping [from, to), from their stored copies.
    private func feedEvents(from: Date, to: Date, storage: PluginStorage, school: SchoolCalendar) async throws
        -> [SchoolEvent]
    {
        let store = EventStore(storage: storage)
        let zone = ZoneRules.system(school.timeZone.identifier)
        var events: [SchoolEvent] = []
        for url in feeds {
            // A copy stored before copies were tried may still fail to expand: it is passed over.
            guard let body = try await store.feedState(url.absoluteString)?.body,
                let calendar = try? VCalendar(text: body),
                let occurrences = try? calendar.occurrences(from: from, to: to, localZone: zone)
            else { continue }
            for occurrence in occurrences {
                events.append(
                    SchoolEvent(
                        title: occurrence.summary ?? "(untitled)", start: occurrence.startInstant,
                        end: occurrence.endInstant, place: occurrence.event.location))
            }
        }
        return events
    }
}
