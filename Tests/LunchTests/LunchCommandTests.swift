import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@Suite struct LunchCommandTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func anAdminSetsTheMenuAndEveryoneSeesIt(backend: DatabaseBackend) async throws {
        try await withLunchBot(backend: backend) { bot in
            try await bot.expect("/lunch", contains: "Monday, November 23: no lunch menu is posted.")
            try await bot.loginAsAdmin(admin)
            try await bot.expect(
                #"/lunch set specials "Chicken tacos; Veggie pizza" vegetables "Green beans; Corn" fries yes"#,
                from: admin,
                contains: "Saved the menu for Monday, November 23")
            try await bot.expect(#"/lunch always add "Salad bar""#, from: admin, contains: "Salad bar is now listed")
            try await bot.expect(
                "/lunch always add Deli sandwiches", from: admin, contains: "Deli sandwiches is now listed")
            let reply = try await bot.expect("!lunch", in: "#cafeteria")
            #expect(
                reply.lines == [
                    "Lunch for Monday, November 23:", "Specials: Chicken tacos, Veggie pizza",
                    "Vegetables: Green beans, Corn",
                    "Fries: yes", "Always available: Salad bar, Deli sandwiches",
                ])
            #expect(reply.visibility == .conversation)
            // Fields left out keep their value.
            try await bot.expect("/lunch set fries no", from: admin)
            try await bot.expect("/lunch", contains: "Specials: Chicken tacos, Veggie pizza", "Fries: no")
            let audit = try await AuditLog.recent(5, in: bot.runtime.database)
            #expect(audit.map(\.action).contains("lunch.set"))
            #expect(audit.first { $0.action == "lunch.set" }?.detail == "2026-11-23: fries=no")
        }
    }

    @Test func aStudentCannotChangeTheMenu() async throws {
        try await withLunchBot { bot in
            try await bot.expect(
                "/lunch set specials Pizza", contains: "you need the lunch.set permission", error: true)
            try await bot.expect("/lunch clear", contains: "you need the lunch.clear permission", error: true)
            try await bot.expect(
                "/lunch always add Cake", contains: "you need the lunch.always permission", error: true)
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            try await bot.expect("/lunch always", contains: "No always-available dishes")
            #expect(try await AuditLog.recent(10, in: bot.runtime.database).isEmpty)
        }
    }

    @Test func onAWeekendTheNextSchoolDaysMenuIsShown() async throws {
        try await withLunchBot(at: "2026-11-21T09:00:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set monday specials Lasagna", from: admin, contains: "Monday, November 23")
            let reply = try await bot.expect("/lunch")
            #expect(
                reply.lines == [
                    "Saturday, November 21: no school.", "Next menu, Monday, November 23:", "Specials: Lasagna",
                ])
            try await bot.expect("/lunch set 2026-11-25 specials Soup", from: admin)
            try await bot.expect(
                "/lunch tuesday", contains: "Tuesday, November 24: no lunch menu is posted.",
                "Next menu, Wednesday, November 25:", "Soup")
        }
    }

    @Test func namedDaysAndTheWeek() async throws {
        try await withLunchBot(at: "2026-11-23T08:00:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(
                "/lunch set tomorrow specials Tacos fries yes", from: admin, contains: "Tuesday, November 24")
            try await bot.expect(
                "/lunch set friday specials Fish vegetables Peas", from: admin, contains: "Friday, November 27")
            try await bot.expect("/lunch set 2026-12-03 specials Curry", from: admin)
            try await bot.expect("/lunch tomorrow", contains: "Lunch for Tuesday, November 24:", "Specials: Tacos")
            try await bot.expect("/menu Friday", contains: "Specials: Fish", "Vegetables: Peas")
            try await bot.expect("/lunch 2026-12-03", contains: "Curry")
            try await bot.expect("/lunch dec 3", contains: "Curry")
            let week = try await bot.expect("/lunch week")
            #expect(
                week.lines == [
                    "Lunch, Mon Nov 23 – Fri Nov 27:", "Mon Nov 23: no menu posted", "Tue Nov 24: Tacos · fries",
                    "Wed Nov 25: no menu posted", "Thu Nov 26: no menu posted", "Fri Nov 27: Fish · Peas",
                ])
        }
    }

    @Test func onSundayTheWeekIsTheComingOne() async throws {
        try await withLunchBot(at: "2026-11-22T18:00:00-05:00") { bot in
            try await bot.expect("/lunch week", contains: "Lunch, Mon Nov 23 – Fri Nov 27:")
        }
    }

    @Test func tomorrowOnTheLastDayOfTheMonth() async throws {
        try await withLunchBot(at: "2026-11-30T12:00:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set tomorrow specials Chili", from: admin, contains: "Tuesday, December 1")
            try await bot.expect("/lunch tomorrow", contains: "Lunch for Tuesday, December 1:", "Chili")
        }
    }

    @Test func todayIsTheSchoolsDayAroundMidnightUTCAndTheDSTChange() async throws {
        // 22:30 in New York on Monday is already Tuesday in UTC.
        try await withLunchBot(at: "2026-11-24T03:30:00Z") { bot in
            try await bot.expect("/lunch", contains: "Monday, November 23")
        }
        // The night the clocks go back: Sunday 23:30 EST, tomorrow is Monday.
        try await withLunchBot(at: "2026-11-01T23:30:00-05:00") { bot in
            try await bot.expect("/lunch", contains: "Sunday, November 1: no school")
            try await bot.expect("/lunch tomorrow", contains: "Monday, November 2")
        }
        // The night the clocks go forward.
        try await withLunchBot(at: "2026-03-08T03:30:00-04:00") { bot in
            try await bot.expect("/lunch", contains: "Sunday, March 8")
        }
    }

    @Test func badInputGetsAShortSpecificAnswerAndChangesNothing() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            let cases: [(String, String)] = [
                ("/lunch set dessert Cake", "\"dessert\" is neither a date nor a field"),
                ("/lunch set friday dessert Cake", "unknown field \"dessert\""),
                ("/lunch set fries maybe", "fries is yes or no, not \"maybe\""),
                ("/lunch set specials", "specials needs a value"),
                ("/lunch set", "say what to set"),
                ("/lunch set specials A specials B", "specials is given twice"),
                (#"/lunch set specials "Tacos"#, "closing"),
                ("/lunch someday", "I can't read \"someday\" as a date"),
                ("/lunch clear 2026-02-30", "usage: /lunch clear [DATE]"),
                ("/lunch always add", "name the dish"),
                ("/lunch always remove Cake", "Cake is not listed"),
            ]
            for (input, message) in cases {
                try await bot.expect(input, from: admin, contains: message, error: true)
            }
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            #expect(
                try await AuditLog.recent(20, in: bot.runtime.database).allSatisfy { !$0.action.hasPrefix("lunch") })
        }
    }

    @Test func clearingAndAlwaysDishes() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set specials Pizza", from: admin)
            try await bot.expect("/lunch clear", from: admin, contains: "Cleared the menu for Monday, November 23.")
            try await bot.expect("/lunch clear", from: admin, contains: "There was no menu")
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            try await bot.expect("/lunch always add Fruit cup", from: admin)
            try await bot.expect("/lunch always add fruit CUP", from: admin, contains: "already listed")
            try await bot.expect("/lunch always", contains: "Always available: Fruit cup")
            try await bot.expect(
                "/lunch always remove FRUIT cup", from: admin, contains: "Fruit cup is no longer listed.")
            try await bot.expect("/lunch always", contains: "No always-available dishes")
        }
    }

    @Test func unicodeAndQuotesSurvive() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set specials "Crème brûlée 🍮; Chef's \"special\" soup""#, from: admin)
            try await bot.expect("/lunch", contains: #"Specials: Crème brûlée 🍮, Chef's "special" soup"#)
        }
    }

    /// The days after a date run past 9999-12-31, whose ISO text would sort before every date of
    /// year 9999: the menus of its last two weeks are still found and shown.
    @Test func theMenusOfTheLastDaysOfYear9999AreShown() async throws {
        try await withLunchBot(at: "9999-12-20T12:00:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(
                #"/lunch set 9999-12-24 specials "Last soup""#, from: admin, contains: "Friday, December 24")
            try await bot.expect(
                #"/lunch set 9999-12-31 specials "Final stew""#, from: admin, contains: "Friday, December 31")
            try await bot.expect(
                "/lunch", contains: "Monday, December 20: no lunch menu is posted.", "Next menu, Friday, December 24:",
                "Specials: Last soup")
            try await bot.expect("/lunch 9999-12-24", contains: "Lunch for Friday, December 24:", "Specials: Last soup")
            try await bot.expect(
                "/lunch 9999-12-31", contains: "Lunch for Friday, December 31:", "Specials: Final stew")
            try await bot.expect("/lunch next week", contains: "Fri Dec 31: Final stew")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func menusSurviveARestart(backend: DatabaseBackend) async throws {
        let bot = try await TestBot.start(plugins: [LunchPlugin.self], backend: backend)
        try await bot.loginAsAdmin(admin)
        try await bot.expect("/lunch set specials Pierogi", from: admin)
        let restarted = try await bot.restarted()
        try await restarted.expect("/lunch", contains: "Specials: Pierogi")
        // The login is stored too, so it holds across processes.
        try await restarted.expect("/lunch set fries yes", from: admin, contains: "Fries: yes")
        await restarted.stop()
    }
}
