import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// `/now`, `/next` and `/day` in a channel: the period, the minutes left and what is next on one
/// line; direct messages keep the full answer.
@Suite struct ScheduleChannelAnswerTests {
    /// The checks every compact answer passes: one or two lines, each under 300 bytes.
    func compactLines(of reply: Reply) throws -> [String] {
        let compact = try #require(reply.channelLines, "no compact form for \(reply.lines)")
        #expect((1...2).contains(compact.count))
        for line in compact { #expect(line.utf8.count < 300, "\(line.utf8.count) bytes: \(line)") }
        return compact
    }

    @Test func theLastMinuteOfAPeriodOnOneLineAndInFullInADirectMessage() async throws {
        try await withScheduleBot(at: "2025-10-20T08:49:30-07:00") { bot in
            let inChannel = try await bot.expect("!now", in: "#school")
            #expect(try compactLines(of: inChannel) == ["Period 1, 0 min left (until 8:50) · next: Period 2 at 8:56"])
            let full = ["Period 1, 0 min left (until 8:50)", "▓▓▓▓▓▓▓▓▓░ 99%", "Next: Period 2 at 8:56, in 7 min."]
            #expect(inChannel.lines == full)
            let direct = try await bot.expect("/now")
            #expect(direct.channelLines == nil)
            #expect(direct.lines == full)
        }
    }

    @Test func bothLunchWavesShareTheLine() async throws {
        try await withScheduleBot(at: "2025-10-22T12:05:00-07:00") { bot in
            let reply = try await bot.expect("/now", in: "#school")
            #expect(
                try compactLines(of: reply) == [
                    "1st Nutrition (Grades 9-10), 13 min left (until 12:18) · also 2nd Nutrition (Grades 11-12), 28 min left"
                        + " · next: Period 5 at 12:39"
                ])
            #expect(reply.lines.count == 4)
        }
    }

    @Test func aStudentsOwnClassStaysTheirs() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            try await importCatalog(into: bot)
            try await bot.expect("/classes grade 10")
            try await bot.expect("/classes set 3 \"ap chemistry\"")
            let mine = try await bot.expect("/now", in: "#school")
            #expect(
                try compactLines(of: mine).first?.hasPrefix(
                    "Period 3 — AP Chemistry, room B-201, 12 min left (until 10:52) · next: ") == true)
            let theirs = try await bot.expect("/now", from: "console:friend", in: "#school")
            #expect(
                try compactLines(of: theirs).first?.hasPrefix("Period 3, 12 min left (until 10:52) · next: ") == true)
        }
    }

    @Test func afterSchoolAHolidayAndTheWeekendSayWhenClassesResume() async throws {
        try await withScheduleBot(at: "2025-10-24T16:00:00-07:00") { bot in
            let after = try await bot.expect("/now", in: "#school")
            #expect(try compactLines(of: after) == ["Classes are over for today · next: Mon Oct 27, Period 1 at 8:00"])
            #expect(after.lines == ["Classes are over for today.", "Next: Monday, October 27 — Period 1 at 8:00."])
            bot.clock.set(to: TestClock.instant("2025-10-25T10:00:00-07:00"))
            let weekend = try await bot.expect("/now", in: "#school")
            #expect(try compactLines(of: weekend) == ["No classes today · next: Mon Oct 27, Period 1 at 8:00"])
            bot.clock.set(to: TestClock.instant("2025-11-11T09:00:00-08:00"))
            let holiday = try await bot.expect("/now", in: "#school")
            #expect(
                try compactLines(of: holiday) == [
                    "No classes today: No School - Veterans Day · next: Wed Nov 12, Period 1 at 8:00"
                ])
        }
    }

    @Test func oneLineAnswersStayAsTheyAre() async throws {
        try await withScheduleBot(at: "2025-10-20T08:50:00-07:00") { bot in
            let passing = try await bot.expect("/now", in: "#school")
            #expect(passing.lines == ["Passing period: Period 2 starts in 6 min (8:56)."])
            #expect(passing.channelLines == nil)
            let next = try await bot.expect("/next", in: "#school")
            #expect(next.lines == ["Next: Period 2 at 8:56, in 6 min."])
            #expect(next.channelLines == nil, "one line already: nothing to shorten")
            bot.clock.set(to: TestClock.instant("2025-10-24T16:00:00-07:00"))
            let monday = try await bot.expect("/next", in: "#school")
            #expect(monday.lines == ["Next: Monday, October 27 — Period 1 at 8:00."])
            #expect(monday.channelLines == nil)
        }
        try await withScheduleBot(at: "2025-10-29T09:00:00-07:00", settings: [:]) { bot in
            let unset = try await bot.expect("/now", in: "#school", contains: "No bell schedule is set up yet")
            #expect(unset.channelLines == nil)
            let day = try await bot.expect("/day", in: "#school")
            #expect(day.lines == ["Today, Wednesday, October 29:"])
            #expect(day.channelLines == nil)
        }
    }

    @Test func dayInAChannelGivesTheDaysSpanAndWhatIsUnderWay() async throws {
        try await withScheduleBot(at: "2025-10-20T08:49:30-07:00") { bot in
            let day = try await bot.expect("/day", in: "#school")
            #expect(
                try compactLines(of: day) == [
                    "Today, Mon Oct 20 — Schedule: 8:00–14:25, 9 periods · now: Period 1 until 8:50"
                ])
            #expect(day.lines.first == "Today, Monday, October 20:")
            #expect(day.lines.contains("  8:00–8:50 Period 1"))
            #expect(day.visibility == .sender)
            #expect(try await bot.expect("/day").channelLines == nil)
            let holiday = try await bot.expect("/day 2025-11-11", in: "#school")
            #expect(try compactLines(of: holiday) == ["Tue Nov 11 — Schedule: no classes — No School - Veterans Day"])
        }
    }
}
