import Foundation
import HomeroomCore
import ICalendar

extension EventsPlugin {
    /// Fetches each calendar feed with a conditional GET; a good new copy replaces the stored
    /// one, and a failure leaves the last good copy serving (and is recorded with the feed).
    func refreshFeeds(_ context: ScheduledJob.Context) async throws {
        let store = EventStore(storage: context.storage)
        for url in feeds {
            let key = url.absoluteString
            let held = try await store.feedState(key)
            let request = FetchRequest(
                url: url, etag: held?.body != nil ? held?.etag : nil,
                lastModified: held?.body != nil ? held?.lastModified : nil, maximumBytes: settings.maximumFeedBytes,
                timeout: .seconds(settings.fetchTimeoutSeconds))
            var state = EventStore.FeedState()
            do {
                switch try await context.fetcher.fetch(request) {
                case .notModified:
                    break
                case .fetched(let body, let etag, let lastModified):
                    do {
                        _ = try VCalendar(bytes: body)
                        state = EventStore.FeedState(
                            body: String(decoding: body, as: UTF8.self), etag: etag, lastModified: lastModified)
                    } catch {
                        state.failure = "not a calendar we can read (\(error))"
                    }
                }
            } catch {
                state.failure = error.message
            }
            if let failure = state.failure {
                context.logger.warning(
                    "calendar feed failed; its last good copy keeps serving",
                    metadata: ["url": "\(key)", "reason": "\(failure)"])
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
            guard let body = try await store.feedState(url.absoluteString)?.body,
                let calendar = try? VCalendar(text: body)
            else { continue }
            for occurrence in try calendar.occurrences(from: from, to: to, localZone: zone) {
                events.append(
                    SchoolEvent(
                        title: occurrence.summary ?? "(untitled)", start: occurrence.startInstant,
                        end: occurrence.endInstant, place: occurrence.event.location))
            }
        }
        return events
    }
}
