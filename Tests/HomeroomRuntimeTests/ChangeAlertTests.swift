import CivilDates
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Schedule
import Testing

/// Change alerts: a menu or a day's bells that change after a subscriber got them bring one
/// "Changed: …" message, in the subscriber's language, where the message went; quick edits settle
/// into one alert, and an edit that comes first, or changes nothing a subscriber reads, sends none.
@Suite struct ChangeAlertTests {
    static let admin = "console:admin"
    static let student = "console:student"

    /// A lunch bot on Monday, November 23, 2026, at 08:00 in New York, with Monday's menu set.
    func withMenuBot(backend: DatabaseBackend = .sqlite, _ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(plugins: [LunchPlugin.self], at: "2026-11-23T08:00:00-05:00", backend: backend) { bot in
            try await bot.loginAsAdmin(Self.admin)
            try await bot.expect(#"/lunch set specials "Tacos; Pizza""#, from: Self.admin)
            try await body(bot)
        }
    }

    /// Sends the subscriptions due at `instant` and records them delivered, on every adapter.
    func deliver(_ bot: TestBot, at instant: String, adapters: [String] = ["console"]) async throws {
        _ = try await bot.sendSubscriptions(at: instant)
        for adapter in adapters {
            try await bot.runtime.outbox.markDelivered(try await bot.runtime.outbox.due(for: adapter, limit: 100))
        }
    }

    /// Runs the change alert job at `instant` and returns the alerts waiting on `adapter`.
    func alerts(_ bot: TestBot, at instant: String, adapter: String = "console") async throws -> [OutboxMessage] {
        bot.clock.set(to: TestClock.instant(instant))
        #expect(await bot.runtime.scheduler.runNow(pluginID: CorePlugin.id, name: "send change alerts"))
        return try await bot.runtime.outbox.due(for: adapter, limit: 100).filter {
            $0.idempotencyKey.hasPrefix("changed:")
        }
    }

    /// Sends `text` as the admin at `instant`.
    func edit(_ bot: TestBot, _ text: String, at instant: String) async throws {
        bot.clock.set(to: TestClock.instant(instant))
        try await bot.expect(text, from: Self.admin)
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aMenuChangedAfterItWentOutBringsOneAlertWithWhatChanged(backend: DatabaseBackend) async throws {
        try await withMenuBot(backend: backend) { bot in
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            try await deliver(bot, at: "2026-11-23T10:30:00-05:00")

            try await edit(bot, #"/lunch set specials "Fish; Pizza""#, at: "2026-11-23T10:40:00-05:00")
            #expect(try await alerts(bot, at: "2026-11-23T10:41:00-05:00").isEmpty, "the edit has not settled")
            let changed = try await alerts(bot, at: "2026-11-23T10:43:00-05:00")
            #expect(changed.map(\.target) == [.user(UserID(Self.student)!)])
            #expect(
                changed.first?.lines == [
                    "Changed: Lunch for Monday, November 23:", "Specials: Fish, Pizza (new)",
                    "No longer: Specials: Tacos, Pizza",
                ])
            #expect(changed.first?.idempotencyKey.hasPrefix("changed:1:2026-11-23:") == true)
            #expect(try await alerts(bot, at: "2026-11-23T10:50:00-05:00").count == 1, "one alert for one change")

            // Cleared, then put back as it first was: each alert says what changed since the last.
            try await bot.runtime.outbox.markDelivered(changed)
            try await edit(bot, "/lunch clear", at: "2026-11-23T11:00:00-05:00")
            let cleared = try await alerts(bot, at: "2026-11-23T11:03:00-05:00")
            #expect(
                cleared.map(\.lines) == [
                    ["Changed: Lunch for Monday, November 23:", "No longer: Specials: Fish, Pizza"]
                ])
            try await bot.runtime.outbox.markDelivered(cleared)
            try await edit(bot, #"/lunch set specials "Tacos; Pizza""#, at: "2026-11-23T11:10:00-05:00")
            #expect(
                try await alerts(bot, at: "2026-11-23T11:13:00-05:00").map(\.lines) == [
                    ["Changed: Lunch for Monday, November 23:", "Specials: Tacos, Pizza (new)"]
                ])
        }
    }

    @Test func fiveQuickEditsBringOneAlert() async throws {
        try await withMenuBot { bot in
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            try await deliver(bot, at: "2026-11-23T10:30:00-05:00")
            let edits = [
                ("Fish", "10:40:00"), ("Soup", "10:40:20"), ("Stew", "10:40:40"), ("Chili", "10:41:00"),
                ("Curry", "10:41:20"),
            ]
            for (dish, time) in edits {
                try await edit(bot, #"/lunch set specials "\#(dish)""#, at: "2026-11-23T\(time)-05:00")
                #expect(try await alerts(bot, at: "2026-11-23T\(time)-05:00").isEmpty)
            }
            #expect(try await alerts(bot, at: "2026-11-23T10:42:30-05:00").isEmpty, "the last edit is 70 s old")
            let changed = try await alerts(bot, at: "2026-11-23T10:43:30-05:00")
            #expect(
                changed.map(\.lines) == [
                    [
                        "Changed: Lunch for Monday, November 23:", "Specials: Curry (new)",
                        "No longer: Specials: Tacos, Pizza",
                    ]
                ])
            #expect(try await alerts(bot, at: "2026-11-23T10:50:00-05:00").count == 1)
        }
    }

    @Test func anEditBeforeTheMenuWentOutOrOneThatChangesNothingBringsNone() async throws {
        try await withMenuBot { bot in
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            // Just before 10:30: the menu that goes out has the new dish already.
            try await edit(bot, #"/lunch set specials "Fish; Pizza""#, at: "2026-11-23T10:29:30-05:00")
            try await deliver(bot, at: "2026-11-23T10:30:00-05:00")
            #expect(try await alerts(bot, at: "2026-11-23T10:33:00-05:00").isEmpty)

            // The same menu saved again, and next week's menu: nothing a subscriber read changed.
            try await edit(bot, #"/lunch set specials "Fish; Pizza""#, at: "2026-11-23T10:40:00-05:00")
            try await edit(bot, #"/lunch set 2026-11-30 specials "Stew""#, at: "2026-11-23T10:40:00-05:00")
            #expect(try await alerts(bot, at: "2026-11-23T10:45:00-05:00").isEmpty)
            let left = try await ContentChanges.settled(
                before: TestClock.instant("2027-01-01T00:00:00-05:00"), limit: 10, in: bot.runtime.database)
            #expect(left.isEmpty, "the marks are cleared once read")
        }
    }

    @Test func anEditWhileTheMenuWaitsToGoOutRewritesItAndAFlipBackAlertsAgain() async throws {
        try await withMenuBot { bot in
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            _ = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            try await edit(bot, #"/lunch set specials "Soup""#, at: "2026-11-23T10:31:00-05:00")
            #expect(try await alerts(bot, at: "2026-11-23T10:34:00-05:00").isEmpty, "no alert for what did not go out")
            let waiting = try await bot.runtime.outbox.due(for: "console", limit: 10)
            #expect(waiting.count == 1)
            #expect(
                waiting.first?.lines.contains("Specials: Soup") == true, "it goes with the menu as it is: \(waiting)")
            try await bot.runtime.outbox.markDelivered(waiting)

            // Soup → Tacos → Soup → Tacos: every change after the first is told, even one seen before.
            var told: [[String]] = []
            for (index, dish) in ["Tacos", "Soup", "Tacos"].enumerated() {
                try await edit(bot, "/lunch set specials \"\(dish)\"", at: "2026-11-23T11:\(index)0:00-05:00")
                let alerts = try await alerts(bot, at: "2026-11-23T11:\(index)3:00-05:00")
                told += alerts.map(\.lines)
                try await bot.runtime.outbox.markDelivered(alerts)
            }
            #expect(told.count == 3, "\(told)")
            #expect(told.last?.contains("Specials: Tacos (new)") == true, "\(told)")
        }
    }

    @Test func aSpanishReaderGetsTheAlertInSpanish() async throws {
        try await withMenuBot { bot in
            try await bot.expect("/me language es", from: Self.student)
            try await bot.expect("/subscribe lunch 10:30", from: Self.student)
            try await deliver(bot, at: "2026-11-23T10:30:00-05:00")
            try await edit(bot, #"/lunch set specials "Fish; Pizza""#, at: "2026-11-23T10:40:00-05:00")
            let lines = try #require(try await alerts(bot, at: "2026-11-23T10:43:00-05:00").first?.lines)
            let lunch = Words(LunchPlugin.catalogs, .spanish)
            let engine = Words(.engine, .spanish)
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            let heading = lunch("Lunch for {date}:", ["date": lunch.date(monday)])
            #expect(lines.first == engine("Changed: {heading}", ["heading": heading]))
            #expect(lines.first?.hasPrefix("Cambio: Almuerzo") == true, "\(lines)")
            #expect(lines.last?.hasPrefix("Ya no: ") == true, "\(lines)")
        }
    }

    @Test func theAlertGoesWhereTheMenuWentAfterMeNotify() async throws {
        try await withMenuBot { bot in
            _ = try await RosterImportTests.imported(into: bot, files: RosterImportTests.family)
            let rosa = "sms:+13125550142"
            try await bot.expect("/subscribe lunch 10:30", from: rosa, verified: true, contains: "Subscribed")
            try await bot.expect(
                "/me notify email", from: rosa, verified: true, contains: "e-mail to rosa@mail.example")
            try await deliver(bot, at: "2026-11-23T10:30:00-05:00", adapters: ["email"])
            try await edit(bot, #"/lunch set specials "Fish; Pizza""#, at: "2026-11-23T10:40:00-05:00")
            let mail = try await alerts(bot, at: "2026-11-23T10:43:00-05:00", adapter: "email")
            #expect(mail.map(\.target) == [.user(UserID(adapter: "email", id: "rosa@mail.example"))])
            #expect(mail.first?.lines.first == "Changed: Lunch for Monday, November 23:")
            #expect(try await bot.runtime.outbox.pendingCount(for: "sms") == 0, "not by text as well")
        }
    }

    /// The Lincoln High bell calendar, whose Monday, November 3, 2025 has six periods.
    static let lincoln = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/school/lincoln_high_la_fall2025.ics"),
        encoding: .utf8)

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aFeedRefreshThatChangesTodaysBellsAlertsTheDaySubscriber(backend: DatabaseBackend) async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve("/bells.ics", .text(Self.lincoln, etag: "\"v1\""))
        do {
            try await TestBot.with(
                plugins: [SchedulePlugin.self], at: "2025-11-03T06:00:00-08:00", backend: backend,
                configure: {
                    $0.timeZone = "America/Los_Angeles"
                    $0.plugins["schedule"] = .object(["calendarURL": .string(server.url("/bells.ics").absoluteString)])
                }
            ) { bot in
                try await bot.expect("/subscribe day", from: Self.student, contains: "Subscribed")
                // The feed is read before the digest goes out: a first read inside the digest could
                // outlast the section's wait on a loaded machine, and the digest would go without it.
                #expect(await bot.runtime.scheduler.runNow(pluginID: SchedulePlugin.id, name: "refresh feed"))
                try await deliver(bot, at: "2025-11-03T07:15:00-08:00")
                // Nothing changed since it went out.
                #expect(try await alerts(bot, at: "2025-11-03T07:20:00-08:00").isEmpty)

                // Period 1 is called off today: the feed leaves it out of Monday.
                let v2 = Self.lincoln.replacingOccurrences(
                    of: "EXDATE;TZID=America/Los_Angeles:20251111T080000,",
                    with: "EXDATE;TZID=America/Los_Angeles:20251103T080000,20251111T080000,")
                #expect(v2 != Self.lincoln)
                server.serve("/bells.ics", .text(v2, etag: "\"v2\""))
                bot.clock.set(to: TestClock.instant("2025-11-03T07:30:00-08:00"))
                #expect(await bot.runtime.scheduler.runNow(pluginID: SchedulePlugin.id, name: "refresh feed"))
                let changed = try await alerts(bot, at: "2025-11-03T07:33:00-08:00")
                #expect(changed.map(\.target) == [.user(UserID(Self.student)!)])
                let lines = try #require(changed.first?.lines)
                #expect(lines.first == "Changed: Today, Monday, November 3:", "\(lines)")
                #expect(lines.contains("  No longer: 8:00–8:50 Period 1"), "\(lines)")
                #expect(try await alerts(bot, at: "2025-11-03T07:40:00-08:00").count == 1)

                // A refresh that changes nothing of today or tomorrow marks nothing.
                server.serve("/bells.ics", .text(v2 + "\n", etag: "\"v3\""))
                #expect(await bot.runtime.scheduler.runNow(pluginID: SchedulePlugin.id, name: "refresh feed"))
                let marks = try await ContentChanges.settled(
                    before: TestClock.instant("2026-01-01T00:00:00-08:00"), limit: 10, in: bot.runtime.database)
                #expect(marks.isEmpty, "\(marks)")
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
