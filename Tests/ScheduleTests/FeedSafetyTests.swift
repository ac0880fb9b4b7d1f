import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// A bell schedule feed that parses but cannot be expanded is never kept, and the feed's address,
/// which may hold a secret, is never shown whole.
@Suite struct FeedSafetyTests {
    /// A calendar that reads fine but has more occurrences in a year than any query may make.
    static let hourlyEverything =
        (["BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-TIMEZONE:America/Los_Angeles"]
        + (1...3).flatMap { index in
            [
                "BEGIN:VEVENT", "UID:hourly-\(index)@hostile", "SUMMARY:Hourly \(index)",
                "DTSTART;TZID=America/Los_Angeles:2025100\(index)T000000", "DURATION:PT10M", "RRULE:FREQ=HOURLY",
                "END:VEVENT",
            ]
        } + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"

    @Test func aCopyThatCannotBeExpandedIsRefusedAndTheLastGoodCopyKeepsServing() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/bells.ics", .text(FeedTests.lincoln, etag: "\"v1\""))
        try await withScheduleBot(
            at: "2025-10-20T08:25:00-07:00",
            settings: [
                "calendarURL": .string(server.url("/bells.ics").absoluteString),
                "feedAlerts": .array([.string("console:#staff")]),
            ]
        ) { bot in
            try await bot.expect("/now", contains: "Period 1, 25 min left")
            server.serve("/bells.ics", .text(Self.hourlyEverything, etag: "\"v2\""))
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule refresh", from: "console:admin",
                contains: "the feed cannot be expanded over the coming year "
                    + "(the calendar has more than 20000 occurrences in this range)",
                error: true)
            try await bot.expect("/now", contains: "Period 1, 25 min left")
            let alerts = try await bot.runtime.outbox.due(for: "console")
            #expect(
                alerts.first?.lines.first
                    == "The bell schedule feed is failing: the feed cannot be expanded over the coming year "
                    + "(the calendar has more than 20000 occurrences in this range).")
            // A restart still answers from the copy that was kept.
            let restarted = try await bot.restarted()
            try await restarted.expect("/now", contains: "Period 1, 25 min left")
            await restarted.stop()
        }
        await server.stop()
    }

    @Test(arguments: [
        (
            "https://user:pass@calendar.google.com/calendar/ical/x/private-5ecret/basic.ics",
            "https://calendar.google.com/…"
        ),
        ("HTTP://[::1]:8080/feed.ics", "http://[::1]:8080/…"),
        ("https://example.org/?token=5ecret", "https://example.org/…"),
        ("https://example.org", "https://example.org/"),
    ])
    func aRedactedAddressKeepsOnlySchemeHostAndPort(address: String, shown: String) throws {
        #expect(try #require(URL(calendarFeed: address)).redacted == shown)
    }

    @Test func theFeedAddressIsRedactedInAlertsAndStatus() async throws {
        let server = try await LoopbackHTTPServer.start()
        let path = "/calendar/ical/school%40group.calendar.google.com/private-5ecret70ken/basic.ics?key=5ecret"
        server.serve(path, .init(status: 503))
        let shown = "http://127.0.0.1:\(server.port)/…"
        try await withScheduleBot(
            at: "2025-10-20T08:25:00-07:00",
            settings: [
                "calendarURL": .string(server.url(path).absoluteString),
                "feedAlerts": .array([.string("console:#staff")]),
            ]
        ) { bot in
            #expect(await bot.runtime.scheduler.runNow(pluginID: "schedule", name: "refresh feed"))
            let alerts = try await bot.runtime.outbox.due(for: "console")
            let lines = alerts.flatMap(\.lines)
            #expect(lines.contains("Feed: \(shown)"))
            #expect(!lines.contains { $0.contains("5ecret") })
            #expect(!alerts.contains { $0.idempotencyKey.contains("5ecret") })
            try await bot.loginAsAdmin()
            let status = try #require(await bot.send("/schedule status", from: "console:admin"))
            #expect(status.lines.first == "Source: the feed \(shown), refreshed every 15 min.")
            #expect(!status.lines.contains { $0.contains("5ecret") })
        }
        await server.stop()
    }
}
