import Events
import Foundation
import HomeroomCore
import HomeroomTesting
import Lunch
import Synchronization
import Testing

/// A plugin whose part of `/day` never answers, ignoring cancellation as a stuck plugin would.
struct StuckPlugin: PluginWithoutSettings {
    static let id = "stuck"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var daySections: [DaySection] {
        [
            DaySection("Stuck", order: 50, more: "help") { _, _ in
                await withCheckedContinuation { continuation in
                    Self.neverResumed.withLock { $0.append(continuation) }
                }
                return nil
            }
        ]
    }

    /// The stuck sections' continuations, kept so that they are never resumed and never released
    /// (a released one would be reported as misuse).
    static let neverResumed = Mutex<[CheckedContinuation<Void, Never>]>([])
}

/// A plugin whose part of `/day` fails.
struct BrokenPlugin: PluginWithoutSettings {
    static let id = "broken"
    struct Failure: Error {}
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var daySections: [DaySection] { [DaySection("Broken", order: 60, more: "help") { _, _ in throw Failure() }] }
}

@Suite struct DayOverviewTests {
    @Test func aSchoolDayShowsEverySectionAndAStuckOrBrokenPluginIsLeftOutWithANote() async throws {
        try await TestBot.with(
            plugins: [LunchPlugin.self, EventsPlugin.self, StuckPlugin.self, BrokenPlugin.self],
            at: "2026-11-23T07:00:00-05:00", configure: { $0.dayDeadline = .seconds(2) }
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set specials "Chicken tacos""#, from: "console:admin")
            try await bot.expect(#"/event add today 15:30 "Robotics meetup" at B-201"#, from: "console:admin")
            try await bot.expect("/circle create chess", from: "console:student")
            try await bot.expect(#"/event add today 18:00 "Blitz night" in chess"#, from: "console:student")
            let start = ContinuousClock.now
            let day = try await bot.expect("/day", from: "console:student")
            let waited = ContinuousClock.now - start
            #expect(
                day.lines == [
                    "Today, Monday, November 23:",
                    "Lunch:", "  Specials: Chicken tacos", "  more: /lunch",
                    "Events:", "  • 15:30–16:30 Robotics meetup, B-201 #1",
                    "  • 18:00–19:00 Blitz night (chess circle) #2",
                    "  more: /events",
                    "(Stuck is left out: it did not answer in time.)",
                    "(Broken is left out: it could not be read just now.)",
                ])
            // The stuck section never answers: an answer at all is the deadline at work; the bound
            // leaves the loaded machine room.
            #expect(waited < .seconds(15), "the rest arrives after the deadline, not after the stuck plugin")
            #expect(day.visibility == .sender)
            let other = try await bot.expect("/day", from: "console:other")
            #expect(!other.text.contains("Blitz night"), "a circle's events are its members' only")
        }
    }

    @Test func aDayOffSaysSoAndShowsTheNextSchoolDay() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self, EventsPlugin.self], at: "2026-11-28T09:00:00-05:00") { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-30 specials "Soup""#, from: "console:admin")
            let day = try await bot.expect("/day")
            #expect(
                day.lines == [
                    "No school on Saturday, November 28. Next school day, Monday, November 30:",
                    "Lunch:", "  Specials: Soup", "  more: /lunch", "Events:", "  No events.", "  more: /events",
                ])
            try await bot.expect("/day someday", contains: "I can't read \"someday\" as a date", error: true)
        }
    }
}
