import Foundation
import HomeroomCore
import HomeroomTesting
import Schedule
import Testing

/// `/now`, `/next`, `/today` and `/schedule` at chosen instants of Lincoln High's calendar.
@Suite struct NowTests {
    @Test func aPeriodShowsMinutesLeftAProgressBarAndWhatComesNext() async throws {
        try await withScheduleBot(at: "2025-10-20T08:25:00-07:00") { bot in
            let reply = try await bot.expect(
                "/now", contains: "Period 1, 25 min left (until 8:50)", "Next: Period 2 at 8:56, in 31 min.")
            #expect(reply.lines[1] == "▓▓▓▓▓░░░░░ 50%")
        }
    }

    @Test func theFirstAndLastMinuteOfAPeriodAndThePassingPeriodBetween() async throws {
        try await withScheduleBot(at: "2025-10-20T08:00:00-07:00") { bot in
            try await bot.expect("/now", contains: "Period 1, 50 min left")
            bot.clock.set(to: TestClock.instant("2025-10-20T08:49:30-07:00"))
            try await bot.expect("/now", contains: "Period 1, 0 min left (until 8:50)")
            bot.clock.set(to: TestClock.instant("2025-10-20T08:50:00-07:00"))
            try await bot.expect("/now", contains: "Passing period: Period 2 starts in 6 min (8:56).")
            bot.clock.set(to: TestClock.instant("2025-10-20T08:56:00-07:00"))
            try await bot.expect("/now", contains: "Period 2, 50 min left")
        }
    }

    @Test func beforeSchoolAfterSchoolAndTheWeekend() async throws {
        try await withScheduleBot(at: "2025-10-24T07:15:00-07:00") { bot in
            try await bot.expect("/now", contains: "School starts at 8:00 with Period 1, in 45 min.")
            bot.clock.set(to: TestClock.instant("2025-10-24T16:00:00-07:00"))
            try await bot.expect(
                "/now", contains: "Classes are over for today.", "Next: Monday, October 27 — Period 1 at 8:00.")
            bot.clock.set(to: TestClock.instant("2025-10-25T10:00:00-07:00"))
            try await bot.expect("/now", contains: "No classes today.", "Next: Monday, October 27")
        }
    }

    @Test func bothLunchWavesAndAStudentWhoPickedOne() async throws {
        try await withScheduleBot(at: "2025-10-22T12:05:00-07:00") { bot in
            let everyone = try await bot.expect("/now", contains: "1st Nutrition (Grades 9-10), 13 min left")
            #expect(everyone.text.contains("Also now: 2nd Nutrition (Grades 11-12), 28 min left"))
            try await bot.expect("/schedule wave 2", contains: "lunch wave 2")
            let second = try await bot.expect("/now", contains: "2nd Nutrition (Grades 11-12), 28 min left")
            #expect(!second.text.contains("1st Nutrition"))
            try await bot.expect("/schedule wave 1", contains: "lunch wave 1")
            let first = try await bot.expect("/today", contains: "11:48–12:18 1st Nutrition (Grades 9-10)")
            #expect(!first.text.contains("2nd Nutrition"))
            try await bot.expect("/schedule wave off", contains: "every lunch wave")
            try await bot.expect("/today", contains: "2nd Nutrition", "1st Nutrition")
            try await bot.expect("/schedule wave 9", error: true)
        }
    }

    @Test func theDayDaylightSavingTimeEndsKeepsTheWallClockTimes() async throws {
        // DST ended on Sunday 2025-11-02; Monday's periods are at the same local times.
        try await withScheduleBot(at: "2025-11-03T08:10:00-08:00") { bot in
            try await bot.expect("/now", contains: "Period 1, 40 min left (until 8:50)")
            try await bot.expect("/today", contains: "8:00–8:50 Period 1", "8:56–9:46 Period 2")
        }
    }

    @Test func aHolidaySaysWhyAndWhenClassesResume() async throws {
        try await withScheduleBot(at: "2025-11-11T09:00:00-08:00") { bot in
            try await bot.expect(
                "/now", contains: "No classes today: No School - Veterans Day.",
                "Next: Wednesday, November 12 — Period 1 at 8:00.")
            try await bot.expect("/schedule", contains: "no classes — No School - Veterans Day")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func theFeedsMinimumDayAndAnAdminsOverride(backend: DatabaseBackend) async throws {
        try await withScheduleBot(at: "2025-11-05T10:20:00-08:00", backend: backend) { bot in
            try await bot.expect("/now", contains: "Period 4 (Minimum Day)")
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule daytype set assembly \"8:00-8:40 Period 1\" \"8:45-9:45 Assembly\" \"9:50-10:30 Period 2\"",
                from: "console:admin", contains: "Saved day type \"assembly\"")
            try await bot.expect(
                "/schedule assign 2025-11-06 assembly", from: "console:admin",
                contains: "runs the \"assembly\" schedule")
            try await bot.expect("/schedule 2025-11-06", contains: "(assembly)", "8:45–9:45 Assembly")
            bot.clock.set(to: TestClock.instant("2025-11-06T09:00:00-08:00"))
            try await bot.expect("/now", contains: "Assembly, 45 min left", "Next: Period 2 at 9:50")
            try await bot.expect("/login 4321", from: "console:admin", contains: "logged in")
            try await bot.expect(
                "/schedule unassign 2025-11-06", from: "console:admin", contains: "follows the regular schedule")
            try await bot.expect("/now", contains: "Period 2, 46 min left")
        }
    }

    @Test func aDayCanBeDeclaredWithoutSchool() async throws {
        try await withScheduleBot(at: "2025-10-29T09:00:00-07:00") { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule assign 2025-10-30 off Teacher workday", from: "console:admin",
                contains: "day without school (Teacher workday)")
            try await bot.expect("/schedule tomorrow", contains: "no classes — Teacher workday")
            try await bot.expect(
                "/schedule assign 2025-10-31 rally", from: "console:admin", contains: "no day type \"rally\"",
                error: true)
            try await bot.expect(
                "/schedule assign 2025-10-31 off", from: "console:student",
                contains: "you need the schedule.assign permission", error: true)
        }
    }

    @Test func badInputGetsAShortSpecificAnswer() async throws {
        try await withScheduleBot(at: "2025-10-29T09:00:00-07:00") { bot in
            try await bot.loginAsAdmin()
            try await bot.expect("/schedule 2025-13-45", error: true)
            try await bot.expect(
                "/schedule daytype set late \"9:00-8:00 Period 1\"", from: "console:admin",
                contains: "ends before it starts", error: true)
            try await bot.expect(
                "/schedule daytype set late \"9:00 Period 1\"", from: "console:admin", contains: "times like 8:00-8:50",
                error: true)
            try await bot.expect(
                "/schedule daytype set late \"9:00-9:50 Period 1\" \"9:30-10:00 Period 2\"", from: "console:admin",
                contains: "overlap",
                error: true)
            try await bot.expect("/schedule daytype list", from: "console:admin", contains: "No day types yet")
        }
    }

    @Test func withoutAnyScheduleTheBotSaysHowToSetOneUp() async throws {
        try await withScheduleBot(at: "2025-10-29T09:00:00-07:00", settings: [:]) { bot in
            try await bot.expect("/now", contains: "No bell schedule is set up yet")
        }
    }

    @Test func aDefaultDayTypeRunsOnSchoolDaysWithoutACalendar() async throws {
        try await withScheduleBot(at: "2025-10-29T09:00:00-07:00", settings: ["defaultDayType": .string("regular")]) {
            bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                "/schedule daytype set regular \"8:30-9:20 Period 1\" \"9:25-10:15 Period 2\"", from: "console:admin")
            try await bot.expect("/now", contains: "Period 1, 20 min left")
            bot.clock.set(to: TestClock.instant("2025-11-01T09:00:00-07:00"))
            try await bot.expect("/now", contains: "No classes today.", "Next: Monday, November 3 — Period 1 at 8:30.")
        }
    }

    /// Every worked example answers what it says, in Period 3 of a school day with the bell
    /// calendar served as a feed, the course catalog imported, and the examples' admin in grade 10
    /// and taking a course in block 3.
    @Test func everyExampleOfTheHelpWorks() async throws {
        try await withExampleSchool { bot in try await bot.runExamples(of: SchedulePlugin.self) }
    }

    /// Run in the pseudo-language, every example says every word through the catalogs, whole.
    @Test func everyExampleSpeaksThroughTheCatalogs() async throws {
        try await withExampleSchool(language: Language.pseudo.code) { bot in
            try await bot.runExamplesThroughCatalogs(of: SchedulePlugin.self)
        }
    }

    /// Runs `body` with what the examples need: Lincoln High's calendar served from a loopback
    /// feed, the course catalog imported, the clock in Period 3, and the admin logged in, in grade
    /// 10 and taking AP Chemistry in block 3. `language` is the school's.
    private func withExampleSchool(language: String = "en", _ body: (TestBot) async throws -> Void) async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve(
            "/bells.ics", .text(try String(contentsOfFile: SchoolCalendars.lincoln, encoding: .utf8), etag: "\"v1\""))
        let feed = server.url("/bells.ics").absoluteString
        do {
            try await withScheduleBot(
                at: "2025-10-22T10:30:00-07:00", settings: ["calendarURL": .string(feed)], language: language
            ) { bot in
                try await importCatalog(into: bot)
                try await bot.loginAsAdmin()
                try await bot.expect("/classes grade 10", from: "console:admin")
                try await bot.expect("/classes set 3 \"AP Chemistry\"", from: "console:admin")
                try await body(bot)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
