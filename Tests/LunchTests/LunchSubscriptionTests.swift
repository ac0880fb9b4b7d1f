import CivilDates
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

/// `/subscribe lunch` through the runtime's subscriptions: sent at the subscriber's time in the
/// school's zone, across the end of daylight saving time, on school days with a menu only.
@Suite struct LunchSubscriptionTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func theMenuComesAtHalfPastTenOnSchoolDaysAcrossTheEndOfDaylightSavingTime(backend: DatabaseBackend) async throws {
        try await withLunchBot(at: "2026-10-30T08:00:00-04:00", backend: backend) { bot in
            try await bot.loginAsAdmin(admin)
            for date in ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"] {
                try await bot.expect(#"/lunch set \#(date) specials "Tacos \#(date)""#, from: admin)
            }
            try await bot.expect(
                "/subscribe lunch 10:30", contains: "Subscribed: you get the day's lunch menu at 10:30 on school days.")
            try await bot.expect("/subscriptions", contains: "• lunch at 10:30 — the day's lunch menu")

            #expect(try await bot.sendSubscriptions(at: "2026-10-30T10:29:00-04:00").isEmpty)
            // The service was down at 10:30 and is back at 10:40: the menu still goes out.
            let friday = try await bot.sendSubscriptions(at: "2026-10-30T10:40:00-04:00")
            #expect(friday.map(\.target) == [.user(UserID("console:student")!)])
            #expect(friday.first?.lines.first == "Lunch for Friday, October 30:")
            #expect(friday.first?.idempotencyKey == "subscription:1:2026-10-30")
            // The same minute again (a second instance, a restart) or a later one queues nothing more.
            #expect(try await bot.sendSubscriptions(at: "2026-10-30T10:40:00-04:00").count == 1)
            #expect(try await bot.sendSubscriptions(at: "2026-10-30T10:44:00-04:00").count == 1)
            try await bot.runtime.outbox.markDelivered(friday)

            // A weekend with menus posted: nothing. Daylight saving time ends on Sunday.
            #expect(try await bot.sendSubscriptions(at: "2026-10-31T10:30:00-04:00").isEmpty)
            #expect(try await bot.sendSubscriptions(at: "2026-11-01T10:30:00-05:00").isEmpty)
            // 14:30 UTC was 10:30 on Friday; on Monday it is 09:30.
            #expect(try await bot.sendSubscriptions(at: "2026-11-02T09:30:00-05:00").isEmpty)
            // More than 15 minutes late is too late: the next run at 10:30 is a new day's chance only.
            #expect(try await bot.sendSubscriptions(at: "2026-11-02T10:45:00-05:00").isEmpty)
            let monday = try await bot.sendSubscriptions(at: "2026-11-02T10:30:00-05:00")
            #expect(monday.map(\.lines.first) == ["Lunch for Monday, November 2:"])
            try await bot.runtime.outbox.markDelivered(monday)
            // Tuesday has no menu (a holiday, a day without lunch): nothing.
            #expect(try await bot.sendSubscriptions(at: "2026-11-03T10:30:00-05:00").isEmpty)
        }
    }

    @Test func aSubscriptionMadeAfterItsTimeStartsTheNextDay() async throws {
        try await withLunchBot(at: "2026-11-23T10:35:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set specials "Soup""#, from: admin)
            try await bot.expect("/subscribe lunch 10:30")
            #expect(try await bot.sendSubscriptions(at: "2026-11-23T10:36:00-05:00").isEmpty)
            try await bot.expect(#"/lunch set 2026-11-24 specials "Stew""#, from: admin)
            #expect(
                try await bot.sendSubscriptions(at: "2026-11-24T10:30:00-05:00").map(\.lines.first) == [
                    "Lunch for Tuesday, November 24:"
                ])
        }
    }

    @Test func channelsNeedThePermissionTimesMoveAndUnsubscribingStops() async throws {
        try await withLunchBot { bot in
            try await bot.expect(
                "/subscribe lunch", in: "#cafeteria", contains: "you need the subscribe.channel permission", error: true
            )
            try await bot.loginAsAdmin(admin)
            try await bot.expect(
                "/subscribe lunch", from: admin, in: "#cafeteria",
                contains: "Subscribed: #cafeteria gets the day's lunch menu at 10:30 on school days.")
            try await bot.expect(
                "/subscribe lunch 11am", from: admin, in: "#cafeteria",
                contains: "Moved: #cafeteria gets the day's lunch menu at 11:00 on school days now (it was 10:30).")
            try await bot.expect("/subscriptions", from: admin, in: "#cafeteria", contains: "• lunch at 11:00")
            try await bot.expect("/subscriptions", contains: "No subscriptions for you.")
            for (input, problem) in [
                ("/subscribe lunch 25:00", "the time is HH:MM"), ("/subscribe lunch 10.30", "the time is HH:MM"),
                ("/subscribe pizza", "no topic pizza — the topics are day, announcements, lunch"),
                ("/unsubscribe lunch", "you are not subscribed to lunch"),
            ] {
                try await bot.expect(input, contains: problem, error: true)
            }
            try await bot.expect(
                "/unsubscribe lunch", from: admin, in: "#cafeteria", contains: "Unsubscribed #cafeteria from lunch.")
            try await bot.expect(
                "/subscribe", contains: "• lunch — the day's lunch menu, at 10:30 on school days unless you name a time"
            )
            let audit = try await AuditLog.recent(10, in: bot.runtime.database).map(\.action)
            #expect(audit.filter { $0 == "subscribe" }.count == 2 && audit.contains("unsubscribe"))
        }
    }

    /// Each subscriber reads the menu in their own language: the person's choice, the channel's,
    /// else the school's.
    @Test func eachSubscriberGetsTheMenuInTheirLanguage() async throws {
        try await withLunchBot(at: "2026-10-30T08:00:00-04:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set 2026-10-30 specials "Tacos""#, from: admin)
            try await bot.expect("/me language es", from: "console:ana")
            try await bot.expect("/subscribe lunch 10:30", from: "console:ana")
            try await bot.expect("/admin language vi", from: admin, in: "#cafeteria")
            try await bot.expect("/subscribe lunch 10:30", from: admin, in: "#cafeteria")
            try await bot.expect("/subscribe lunch 10:30", from: "console:ben")
            let sent = try await bot.sendSubscriptions(at: "2026-10-30T10:30:00-04:00")
            func heading(_ target: DeliveryTarget) -> String? { sent.first { $0.target == target }?.lines.first }
            let friday = LocalDate(year: 2026, month: 10, day: 30)!
            let spanish = Words(LunchPlugin.catalogs, .spanish)
            let vietnamese = Words(LunchPlugin.catalogs, .vietnamese)
            #expect(
                heading(.user(UserID("console:ana")!)) == spanish("Lunch for {date}:", ["date": spanish.date(friday)]))
            #expect(
                heading(.channel("#cafeteria")) == vietnamese("Lunch for {date}:", ["date": vietnamese.date(friday)]))
            #expect(heading(.user(UserID("console:ben")!)) == "Lunch for Friday, October 30:")
            #expect(heading(.user(UserID("console:ana")!))?.hasPrefix("Almuerzo") == true)
        }
    }

}
