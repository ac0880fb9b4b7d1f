import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// `/events` and `/day` in a channel: the next few events on one or two lines; direct messages
/// keep the full list.
@Suite struct EventsChannelAnswerTests {
    /// The checks every compact answer passes: one or two lines, each under 300 bytes.
    func compactLines(of reply: Reply) throws -> [String] {
        let compact = try #require(reply.channelLines, "no compact form for \(reply.lines)")
        #expect((1...2).contains(compact.count))
        for line in compact { #expect(line.utf8.count < 300, "\(line.utf8.count) bytes: \(line)") }
        return compact
    }

    @Test func todaysNextEventsOnOneLineAndTheFullListInADirectMessage() async throws {
        try await withEventsBot(at: "2026-11-23T08:00:00-05:00") { bot in
            try await bot.expect(#"/event add today 9:00 "Flu shots" at Gym for 60 min"#, from: "console:teacher")
            try await bot.expect(
                #"/event add today 15:30 "Robotics meetup" at B-201 for 90 min"#, from: "console:teacher")
            try await bot.expect(#"/event add today 18:00 "Winter concert" at Auditorium"#, from: "console:teacher")
            let full = [
                "Events on Monday, November 23:", "• 09:00–10:00 Flu shots, Gym #1",
                "• 15:30–17:00 Robotics meetup, B-201 #2", "• 18:00–19:00 Winter concert, Auditorium #3",
            ]
            let inChannel = try await bot.expect("!events", in: "#school")
            #expect(
                try compactLines(of: inChannel) == [
                    "Events Mon Nov 23: 09:00 Flu shots, Gym · 15:30 Robotics meetup, B-201 · 18:00 Winter concert, Auditorium"
                ])
            #expect(inChannel.lines == full)
            let direct = try await bot.expect("/events")
            #expect(direct.channelLines == nil)
            #expect(direct.lines == full)

            // At noon the flu shots are over: the channel hears what is still to come.
            bot.clock.set(to: TestClock.instant("2026-11-23T12:00:00-05:00"))
            let noon = try await bot.expect("/events", in: "#school")
            #expect(
                try compactLines(of: noon) == [
                    "Events Mon Nov 23: 15:30 Robotics meetup, B-201 · 18:00 Winter concert, Auditorium"
                ])
            #expect(noon.lines == full)
            bot.clock.set(to: TestClock.instant("2026-11-23T20:00:00-05:00"))
            let evening = try await bot.expect("/events", in: "#school")
            #expect(try compactLines(of: evening) == ["Events Mon Nov 23: none to come (3 already over)."])
        }
    }

    @Test func aBusyWeekFitsTwoLinesAndCountsTheRest() async throws {
        try await withEventsBot(at: "2026-11-23T08:00:00-05:00") { bot in
            for day in 0..<6 {
                for hour in [12, 15, 17, 19] {
                    try await bot.expect(
                        "/event add 2026-11-\(23 + day) \(hour):00 \"Club fair session \(day)-\(hour)\" at Main hall",
                        from: "console:teacher")
                }
            }
            let week = try await bot.expect("/events week", in: "#school")
            let compact = try compactLines(of: week)
            #expect(compact.count == 2)
            let first = try #require(compact.first)
            let last = try #require(compact.last)
            #expect(first.hasPrefix("Events Mon Nov 23 – Sun Nov 29: Mon 12:00 Club fair session 0-12, Main hall · "))
            #expect(last.hasSuffix(" more"), "\(last)")
            #expect(week.lines.count == 1 + 6 + 24, "the full answer keeps every event")
        }
    }

    @Test func anEmptyDayIsOneLine() async throws {
        try await withEventsBot { bot in
            let empty = try await bot.expect("/events", in: "#school")
            #expect(empty.lines == ["No events on Monday, November 23."])
            #expect(empty.channelLines == nil, "one line already")
            // A member of a circle also gets the hint about circle events; the class hears one line.
            try await bot.expect("/circle create chess", from: "console:student")
            let member = try await bot.expect("/events", from: "console:student", in: "#school")
            #expect(member.lines.count == 2)
            #expect(try compactLines(of: member) == ["No events on Mon Nov 23."])
        }
    }

    @Test func dayInAChannelNamesTheFirstEvents() async throws {
        try await withEventsBot(at: "2026-11-23T07:00:00-05:00") { bot in
            let empty = try await bot.expect("/day", in: "#school")
            #expect(try compactLines(of: empty) == ["Today, Mon Nov 23 — Events: none"])
            for (hour, title) in [(9, "Flu shots"), (12, "Bake sale"), (15, "Robotics"), (18, "Concert")] {
                try await bot.expect(#"/event add today \#(hour):00 "\#(title)""#, from: "console:teacher")
            }
            let day = try await bot.expect("/day", in: "#school")
            #expect(
                try compactLines(of: day) == [
                    "Today, Mon Nov 23 — Events: 09:00 Flu shots · 12:00 Bake sale · 15:00 Robotics · +1 more"
                ])
            #expect(day.lines.contains("  • 18:00–19:00 Concert #4"))
        }
    }
}
