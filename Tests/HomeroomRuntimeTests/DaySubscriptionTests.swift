import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// `/day` with every school plugin on chosen days, and `/subscribe day` through the outbox.
@Suite struct DaySubscriptionTests {
    static let student = "console:student"

    func prepare(_ bot: TestBot) async throws {
        try await bot.expect("/schedule wave 2", from: Self.student)
        try await bot.expect(#"/lunch set 2026-11-24 specials "Chicken tacos""#, from: "console:admin")
        try await bot.expect(#"/lunch set 2026-11-25 specials "Pierogi""#, from: "console:admin")
        try await bot.expect(#"/event add 2026-11-24 15:30 "Robotics meetup" at B-201"#, from: "console:admin")
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSchoolDayAMinimumDayAndAWeekendEachShowEverySection(backend: DatabaseBackend) async throws {
        try await withSchoolBot(at: "2026-11-24T07:00:00-05:00", backend: backend) { bot in
            try await prepare(bot)
            let regular = try await bot.expect("/day", from: Self.student)
            #expect(
                regular.lines == [
                    "Today, Tuesday, November 24:",
                    "Schedule:", "  Bell schedule for Tuesday, November 24 (regular):", "  8:00–8:50 Period 1",
                    "  8:55–9:45 Period 2", "  9:50–10:40 Period 3", "  12:00–12:30 2nd Lunch", "  more: /today",
                    "Lunch:", "  Specials: Chicken tacos", "  more: /lunch",
                    "Events:", "  • 15:30–16:30 Robotics meetup, B-201 #1", "  more: /events",
                    "Headlines:", "  #1 Winter Concert Tickets on Sale — Lincoln News, Nov 23, 2026",
                    "  #2 Picture Retakes — Lincoln News, Nov 17, 2026", "  more: /news",
                ], "\(regular.lines)")

            try await bot.expect(#"/schedule assign 2026-11-25 "minimum day""#, from: "console:admin")
            let minimum = try await bot.expect("/day tomorrow", from: Self.student)
            #expect(minimum.lines.first == "Wednesday, November 25:")
            #expect(minimum.text.contains("minimum day"), "\(minimum.lines)")
            #expect(minimum.text.contains("8:00–8:35 Period 1") && minimum.text.contains("9:20–9:55 Period 3"))
            for heading in ["Schedule:", "Lunch:", "Events:", "Headlines:"] { #expect(minimum.lines.contains(heading)) }
            #expect(minimum.text.contains("Specials: Pierogi"))

            let weekend = try await bot.expect("/day 2026-11-28", from: Self.student)
            #expect(weekend.lines.first == "No school on Saturday, November 28. Next school day, Monday, November 30:")
            for heading in ["Schedule:", "Lunch:", "Events:", "Headlines:"] { #expect(weekend.lines.contains(heading)) }
            #expect(weekend.text.contains("No lunch menu is posted.") && weekend.text.contains("No events."))
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func theDayComesAtItsTimeOnSchoolDaysToThePersonsHomeAccount(backend: DatabaseBackend) async throws {
        try await withSchoolBot(at: "2026-11-23T20:00:00-05:00", backend: backend) { bot in
            try await prepare(bot)
            // Subscribed from a linked Slack account: the day goes to the person's home, the console.
            try await link(bot, from: Self.student, to: "slack:T1:U9")
            try await bot.expect(
                "/subscribe day", from: "slack:T1:U9", verified: true,
                contains: "Subscribed: you get your day at a glance at 07:15 on school days.")
            try await bot.expect(
                "/subscriptions", from: Self.student, contains: "• day at 07:15 — your day at a glance")

            #expect(try await bot.sendSubscriptions(at: "2026-11-24T07:14:00-05:00").isEmpty)
            let tuesday = try await bot.sendSubscriptions(at: "2026-11-24T07:15:00-05:00")
            #expect(tuesday.map(\.target) == [.user(UserID(Self.student)!)])
            let lines = try #require(tuesday.first?.lines)
            #expect(lines.first == "Today, Tuesday, November 24:")
            #expect(
                lines.contains("  12:00–12:30 2nd Lunch") && !lines.contains("  11:30–12:00 1st Lunch"), "wave 2's day")
            #expect(lines.contains("  Specials: Chicken tacos") && lines.contains("Headlines:"))
            #expect(try await bot.sendSubscriptions(at: "2026-11-24T07:20:00-05:00").count == 1, "once a day")
            try await bot.runtime.outbox.markDelivered(tuesday)

            #expect(try await bot.sendSubscriptions(at: "2026-11-28T07:15:00-05:00").isEmpty, "not on a Saturday")
            try await bot.expect("/unsubscribe day", from: Self.student, contains: "Unsubscribed you from day")
            #expect(try await bot.sendSubscriptions(at: "2026-11-30T07:15:00-05:00").isEmpty)
        }
    }
}
