import CalendarFeeds
import Foundation
import HomeroomCore
import ICalendar

extension EventsPlugin {
    /// Refreshes each calendar feed (`CalendarFeedRefresher`): a new copy replaces the stored one
    /// only once it was fetched within the limits and checked, and a failure leaves the last good copy
    /// serving (and is recorded with the feed). The log names a feed by its place in the list and its
    /// redacted address.
    func refreshFeeds(_ context: ScheduledJob.Context) async throws {
        let store = EventStore(storage: context.storage)
        let zone = ZoneRules.system(context.school.timeZone.identifier)
        for (index, url) in feeds.enumerated() {
            _ = try await CalendarFeedRefresher(url: url, limits: feedLimits).refresh(
                into: store, fetcher: context.fetcher, now: context.clock.now, localZone: zone, logger: context.logger,
                metadata: ["feed": "\(index + 1)"])
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
                        title: occurrence.summary ?? "", start: occurrence.startInstant,
                        end: occurrence.endInstant, place: occurrence.event.location))
            }
        }
        return events
    }
}
