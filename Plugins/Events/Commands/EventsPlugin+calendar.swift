import Foundation
import HomeroomCore
import ICalendar

extension EventsPlugin {
    /// `GET /calendar.ics`: the public events added in chat, from 60 days back to a year ahead, as
    /// a feed calendar apps subscribe to.
    func calendarFeed(_ request: WebPageRequest) async throws -> WebPageResponse {
        let words = request.words
        guard request.name == nil else { return .text(words("Not found."), status: 404) }
        let now = request.clock.now
        let events = try await EventStore(storage: request.storage).events(
            from: now.addingTimeInterval(-60 * 86_400), to: now.addingTimeInterval(400 * 86_400), circles: [])
        let writer = CalendarWriter(name: settings.calendarName, timeZone: request.school.timeZone.identifier)
        let document = writer.document(
            events.compactMap { event in
                event.id.map {
                    CalendarWriter.Event(
                        uid: "event-\($0)@homeroom", start: event.start, end: event.end, summary: event.title,
                        location: event.place, stamp: event.start)
                }
            })
        return WebPageResponse(contentType: "text/calendar; charset=utf-8", body: Array(document.utf8))
    }
}
