import HomeroomTesting
import Testing

/// `/events` in the words students use for weeks.
@Suite struct EventsWordsTests {
    @Test func thisWeekAndNextWeek() async throws {
        try await withEventsBot { bot in
            try await bot.loginAsAdmin()
            try await bot.expect("/event add 2026-12-03 15:30 \"Robotics meetup\" at B-201", from: "console:admin")
            try await bot.expect(
                "/events next week", contains: "Events from Monday, November 30 to Sunday, December 6:",
                "Robotics meetup")
            let thisWeek = try await bot.expect("/events this week", contains: "No events from Monday, November 23")
            #expect(thisWeek.lines == (try await bot.expect("/events week")).lines)
        }
    }
}
