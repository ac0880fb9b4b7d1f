import HomeroomCore
import HomeroomTesting
import Testing

/// `/lunch` in a channel: the menu on one line for the class, the full answer kept for `more`;
/// direct messages keep the full form.
@Suite struct LunchChannelAnswerTests {
    @Test func theMenuFitsOneLineInAChannelAndADirectMessageKeepsTheFullAnswer() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect(
                #"/lunch set specials "Chicken tacos; Veggie pizza" vegetables "Green beans; Corn" fries yes"#,
                from: admin)
            try await bot.expect(#"/lunch always add "Salad bar""#, from: admin)
            let full = [
                "Lunch for Monday, November 23:", "Specials: Chicken tacos, Veggie pizza",
                "Vegetables: Green beans, Corn",
                "Fries: yes", "Always available: Salad bar",
            ]
            let inChannel = try await bot.expect("!lunch", in: "#cafeteria")
            #expect(
                inChannel.channelLines == ["Lunch Mon Nov 23: Chicken tacos, Veggie pizza · Green beans, Corn · fries"])
            #expect(inChannel.lines == full)
            let direct = try await bot.expect("/lunch")
            #expect(direct.channelLines == nil)
            #expect(direct.lines == full)
        }
    }

    @Test func aDayWithoutAMenuNamesTheNextOneOnOneLine() async throws {
        try await withLunchBot(at: "2026-11-21T09:00:00-05:00") { bot in
            let empty = try await bot.expect("/lunch", in: "#cafeteria")
            #expect(empty.channelLines == ["Lunch Sat Nov 21: no school; none posted for the 14 days after."])
            #expect(
                empty.lines == [
                    "Saturday, November 21: no school.", "No menu is posted for the 14 days after it either.",
                ])
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set monday specials Lasagna fries no", from: admin)
            let next = try await bot.expect("/lunch", in: "#cafeteria")
            #expect(next.channelLines == ["Lunch Sat Nov 21: no school · next menu Mon Nov 23: Lasagna · no fries"])
            #expect(
                next.lines == [
                    "Saturday, November 21: no school.", "Next menu, Monday, November 23:", "Specials: Lasagna",
                    "Fries: no",
                ])
        }
    }

    @Test func theWeekFitsTwoLines() async throws {
        try await withLunchBot(at: "2026-11-23T08:00:00-05:00") { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set tomorrow specials Tacos fries yes", from: admin)
            try await bot.expect("/lunch set friday specials Fish vegetables Peas", from: admin)
            let week = try await bot.expect("/lunch week", in: "#cafeteria")
            #expect(
                week.channelLines == [
                    "Lunch Mon Nov 23 – Fri Nov 27: Mon no menu posted | Tue Tacos · fries | Wed no menu posted"
                        + " | Thu no menu posted | Fri Fish · Peas"
                ])
            #expect(week.lines.count == 6)
            #expect(try await bot.expect("/lunch week").channelLines == nil)
        }
    }

    @Test func aLongMenuStaysWithinTwoLinesAndCountsWhatIsLeftOut() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            let dishes = (1...12).map { "Slow-roasted heritage dish number \($0) with seasonal garnish and a side" }
            try await bot.expect(
                "/lunch set specials \"\(dishes.joined(separator: "; "))\" vegetables \"Kale; Peas\" fries yes",
                from: admin)
            let reply = try await bot.expect("/lunch", in: "#cafeteria")
            let compact = try #require(reply.channelLines)
            #expect((1...2).contains(compact.count))
            for line in compact { #expect(line.utf8.count < 300, "\(line.utf8.count) bytes: \(line)") }
            let first = try #require(compact.first)
            #expect(first.hasPrefix("Lunch Mon Nov 23: Slow-roasted heritage dish number 1"))
            #expect(reply.lines.contains { $0.contains("dish number 12") }, "the full answer keeps every dish")
        }
    }

    @Test func dayInAChannelGivesLunchItsOwnPartOfOneLine() async throws {
        try await withLunchBot(at: "2026-11-23T07:00:00-05:00") { bot in
            let empty = try await bot.expect("/day", in: "#school")
            #expect(empty.channelLines == ["Today, Mon Nov 23 — Lunch: no menu posted"])
            #expect(
                empty.lines == [
                    "Today, Monday, November 23:", "Lunch:", "  No lunch menu is posted.", "  more: /lunch",
                ])
            try await bot.loginAsAdmin(admin)
            try await bot.expect(#"/lunch set specials "Chicken tacos" fries yes"#, from: admin)
            let day = try await bot.expect("/day", in: "#school")
            #expect(day.channelLines == ["Today, Mon Nov 23 — Lunch: Chicken tacos · fries"])
            #expect(
                day.lines == [
                    "Today, Monday, November 23:", "Lunch:", "  Specials: Chicken tacos", "  Fries: yes",
                    "  more: /lunch",
                ])
            #expect(day.visibility == .sender)
            #expect(try await bot.expect("/day").channelLines == nil)
        }
    }
}
