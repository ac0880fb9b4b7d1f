import HomeroomTesting
import Testing

/// `/lunch` in the words students use for days and weeks.
@Suite struct LunchWordsTests {
    @Test func nextWeekIsMondayToFridayOfTheComingWeek() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set 2026-12-03 specials Pierogi", from: admin)
            let next = try await bot.expect("/lunch next week", contains: "Lunch, Mon Nov 30 – Fri Dec 4:")
            #expect(next.lines.contains("Thu Dec 3: Pierogi"))
            try await bot.expect("/lunch this week", contains: "Lunch, Mon Nov 23 – Fri Nov 27:")
            try await bot.expect("/lunch week", contains: "Lunch, Mon Nov 23 – Fri Nov 27:")
        }
    }

    @Test func aWeekdayTodayAndTomorrowAreDays() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set tomorrow specials Pierogi", from: admin)
            try await bot.expect("/lunch tuesday", contains: "Lunch for Tuesday, November 24:", "Specials: Pierogi")
            try await bot.expect("/lunch tomorrow", contains: "Lunch for Tuesday, November 24:")
            try await bot.expect("/lunch today", contains: "Monday, November 23: no lunch menu is posted.")
        }
    }

    @Test func anUnreadableDayListsTheWordsAccepted() async throws {
        try await withLunchBot { bot in
            try await bot.expect(
                "/lunch next month",
                contains: "usage: /lunch [today | tomorrow | friday | 2026-12-03 | week | next week]",
                error: true)
        }
    }
}
