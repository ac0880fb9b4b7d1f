import HomeroomTesting
import Testing

/// `/schedule` in the words students try before they find `/now` and `/next`.
@Suite struct ScheduleWordsTests {
    @Test func scheduleNowAndNextAnswerAsNowAndNext() async throws {
        try await withScheduleBot(at: "2025-10-20T08:25:00-07:00") { bot in
            let now = try await bot.expect("/schedule now", contains: "Period 1, 25 min left (until 8:50)")
            #expect(now.lines == (try await bot.expect("/now")).lines)
            let next = try await bot.expect("/schedule next", contains: "Period 2 at 8:56")
            #expect(next.lines == (try await bot.expect("/next")).lines)
            try await bot.expect("/schedule today", contains: "Period 1")
            try await bot.expect("/bells now", contains: "Period 1, 25 min left")
        }
    }

    @Test func anUnreadableDayListsTheWordsAccepted() async throws {
        try await withScheduleBot(at: "2025-10-20T08:25:00-07:00") { bot in
            try await bot.expect(
                "/schedule later", contains: "usage: /schedule [today | tomorrow | friday | 2026-12-03 | now | next]",
                error: true)
        }
    }
}
