import Events
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Logging
import Testing

/// The school calendar feeds of the events plugin: a copy that cannot be expanded is never kept, and
/// the feeds' addresses, which may hold a secret, never reach the log whole.
@Suite struct CalendarFeedSafetyTests {
    static let fair = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:America/New_York\r\n\
        BEGIN:VEVENT\r\nUID:fair-1\r\nDTSTART;TZID=America/New_York:20261124T180000\r\n\
        DTEND;TZID=America/New_York:20261124T200000\r\nSUMMARY:Science fair\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
        """

    /// Reads fine, but has more occurrences in a year than any query may make.
    static let hourlyEverything =
        (["BEGIN:VCALENDAR", "VERSION:2.0"]
        + (1...3).flatMap { index in
            ["BEGIN:VEVENT", "UID:hourly-\(index)", "SUMMARY:Hourly", "DTSTART:2026110\(index)T000000Z"]
                + ["RRULE:FREQ=HOURLY", "END:VEVENT"]
        } + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"

    @Test func aCopyThatCannotBeExpandedIsRefusedAndTheLastGoodCopyKeepsServing() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/school.ics", sequence: [.text(Self.fair, etag: "\"v1\""), .text(Self.hourlyEverything)])
        try await withEventsBot(settings: ["calendarURLs": .array([.string(server.url("/school.ics").absoluteString)])])
        { bot in
            #expect(await bot.runtime.scheduler.runNow(pluginID: EventsPlugin.id, name: "refresh calendar feeds"))
            try await bot.expect("/events tomorrow", contains: "• 18:00–20:00 Science fair")
            #expect(await bot.runtime.scheduler.runNow(pluginID: EventsPlugin.id, name: "refresh calendar feeds"))
            #expect(server.requests.count == 2)
            let reply = try await bot.expect("/events tomorrow", contains: "Science fair")
            #expect(!reply.text.contains("Hourly"))
        }
        await server.stop()
    }

    @Test func theLogNamesAFeedByItsPlaceAndRedactedAddress() async throws {
        let server = try await LoopbackHTTPServer.start()
        let path = "/calendar/ical/school%40group.calendar.google.com/private-5ecret70ken/basic.ics"
        server.serve(path, .init(status: 503))
        var configuration = TestBot.testConfiguration()
        configuration.timeZone = "America/New_York"
        configuration.plugins["events"] = .object(["calendarURLs": .array([.string(server.url(path).absoluteString)])])
        let database = try await TemporaryDatabase.make()
        switch database.location {
        case .sqlite(let path): configuration.storage.sqlite = path
        case .postgres(let url): configuration.storage.postgres = url
        }
        // Every level, trace included: no component may log the address whole.
        let log = LogRecorder()
        let logger = log.logger()
        let runtime = try await BotRuntime.start(
            configuration: try configuration.resolve(), plugins: [EventsPlugin.self],
            clock: TestClock("2026-11-23T08:00:00-05:00"), logger: logger)
        let ran = await runtime.scheduler.runNow(pluginID: EventsPlugin.id, name: "refresh calendar feeds")
        await runtime.close()
        try? await database.destroy()
        await server.stop()

        #expect(ran)
        let failures = log.lines.filter { $0.contains("calendar feed failed") }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("feed=1 ") == true)
        #expect(failures.first?.contains("url=http://127.0.0.1:\(server.port)/…") == true)
        let leaks = log.lines.filter { $0.contains("5ecret") }
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
