import Events
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import ICalendar
import Testing

@Suite struct CalendarFeedTests {
    static let oracle = Corpus.root.appendingPathComponent("tools/oracle_cli.py").path
    /// The Python with the reference parser: `$HOMEROOM_REFERENCE_PYTHON` (Scripts/test sets it up), else the system's.
    static let python = ProcessInfo.processInfo.environment["HOMEROOM_REFERENCE_PYTHON"] ?? "/usr/bin/python3"
    @Sendable static func referenceParserIsInstalled() async -> Bool {
        guard Corpus.isAvailable else { return false }
        return (try? await ExternalProgram.run(python, ["-c", "import icalendar, recurring_ical_events"]))?.status == 0
    }

    /// `/calendar.ics` as the webhook server serves it.
    func calendar(_ bot: TestBot) async throws -> WebPageResponse {
        let page = try #require(bot.runtime.dispatcher.pages["calendar.ics"])
        return await page.respond(name: nil, query: [:])
    }

    func addEvents(_ bot: TestBot) async throws {
        try await bot.expect(
            #"/event add 2026-12-03 15:30 "Robotics meetup; bring laptops, chargers" at B-201 for 90 min"#,
            from: "console:teacher")
        try await bot.expect(
            #"/event add 2026-12-10 19:00 "Winter concert: the choir, the band and the orchestra play together for the first time this year" at Théâtre C-100 for 2 hours"#,
            from: "console:teacher")
        try await bot.expect("/circle create robotics", from: "console:student")
        try await bot.expect(#"/event add 2026-12-04 18:00 "Build night" in robotics"#, from: "console:student")
    }

    @Test func publicEventsArePublishedAsAFeedCircleEventsAreNot() async throws {
        try await withEventsBot { bot in
            try await addEvents(bot)
            let feed = try await calendar(bot)
            #expect(feed.status == 200 && feed.contentType == "text/calendar; charset=utf-8")
            let text = String(decoding: feed.body, as: UTF8.self)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
            #expect(text.contains("X-WR-TIMEZONE:America/New_York\r\n"))
            #expect(text.contains("SUMMARY:Robotics meetup\\; bring laptops\\, chargers\r\n"))
            #expect(text.contains("DTSTART:20261203T203000Z\r\nDTEND:20261203T220000Z\r\n"))
            #expect(!text.contains("Build night"))
            #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")

            let calendar = try VCalendar(bytes: feed.body)
            let occurrences = try calendar.occurrences(
                from: Date(timeIntervalSince1970: 1_796_000_000), to: Date(timeIntervalSince1970: 1_800_000_000))
            try #require(
                occurrences.map(\.summary) == [
                    "Robotics meetup; bring laptops, chargers",
                    "Winter concert: the choir, the band and the orchestra play together for the first time this year",
                ])
            #expect(occurrences.map(\.event.location) == ["B-201", "Théâtre C-100"])
            #expect(occurrences[1].endInstant.timeIntervalSince(occurrences[1].startInstant) == 7200)
        }
    }

    @Test(
        .enabled(
            "the corpora's reference parser (icalendar, recurring-ical-events) is not installed",
            referenceParserIsInstalled))
    func theFeedRoundTripsThroughTheReferenceParser() async throws {
        try await withEventsBot { bot in
            try await addEvents(bot)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "calendar-\(UUID().uuidString).ics")
            try Data(try await calendar(bot).body).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try await ExternalProgram.run(
                Self.python, [Self.oracle, "ics", file.path, "2026-12-01", "2026-12-31"])
            #expect(result.status == 0, "\(result.errors)")
            struct Row: Decodable, Equatable {
                let uid: String?
                let start: String
                let end: String
                let summary: String?
                let all_day: Bool
                let floating: Bool
            }
            // The reference reads the UTC times in the feed's X-WR-TIMEZONE: the same instants, in school time.
            let rows = try JSONDecoder().decode([Row].self, from: result.output)
            #expect(
                rows == [
                    Row(
                        uid: "event-1@homeroom", start: "2026-12-03T15:30:00-05:00", end: "2026-12-03T17:00:00-05:00",
                        summary: "Robotics meetup; bring laptops, chargers", all_day: false, floating: false),
                    Row(
                        uid: "event-2@homeroom", start: "2026-12-10T19:00:00-05:00", end: "2026-12-10T21:00:00-05:00",
                        summary:
                            "Winter concert: the choir, the band and the orchestra play together for the first time this year",
                        all_day: false, floating: false),
                ])
        }
    }

    @Test func eventsFromTheSchoolCalendarFeedShowAndItsLastGoodCopyKeepsServing() async throws {
        let server = try await LoopbackHTTPServer.start()
        let ics = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//School//EN\r\nX-WR-TIMEZONE:America/New_York\r\n\
            BEGIN:VEVENT\r\nUID:fair-1\r\nDTSTART;TZID=America/New_York:20261124T180000\r\n\
            DTEND;TZID=America/New_York:20261124T200000\r\nSUMMARY:Science fair\r\nLOCATION:Gym\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:break\r\nDTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261128\r\n\
            SUMMARY:Thanksgiving break\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        server.serve("/school.ics", sequence: [.text(ics, etag: "\"v1\""), .init(status: 503)])
        try await withEventsBot(settings: ["calendarURLs": .array([.string(server.url("/school.ics").absoluteString)])])
        { bot in
            #expect(await bot.runtime.scheduler.runNow(pluginID: EventsPlugin.id, name: "refresh calendar feeds"))
            try await bot.expect("/events tomorrow", contains: "• 18:00–20:00 Science fair, Gym")
            try await bot.expect("/events thursday", contains: "• all day Thanksgiving break")
            #expect(await bot.runtime.scheduler.runNow(pluginID: EventsPlugin.id, name: "refresh calendar feeds"))
            try await bot.expect("/events tomorrow", contains: "Science fair")
        }
        await server.stop()
    }
}
