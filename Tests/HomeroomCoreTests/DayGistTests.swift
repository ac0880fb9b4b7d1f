import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

/// A section with a gist written for the asker.
private struct PlannerPlugin: PluginWithoutSettings {
    static let id = "planner"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var daySections: [DaySection] {
        [
            DaySection(
                "Homework", order: 10, more: "homework",
                gist: { context, _ in "2 due for \(context.caller.person.id): Math, History" },
                compose: { context, _ in ["Math worksheet (\(context.caller.person.id))", "History essay"] })
        ]
    }
}

/// A section without a gist (its first line serves), one with a gist far too long, and one that fails.
private struct BulletinPlugin: PluginWithoutSettings {
    static let id = "bulletin"
    struct Failure: Error {}
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var daySections: [DaySection] {
        [
            DaySection("Notes", order: 20, more: "notes") { _, date in
                ["Picture day on \(date.shortName): bring your form", "Library closes early"]
            },
            DaySection(
                "Clubs", order: 30, more: "clubs",
                gist: { _, _ in String(repeating: "Chess, robotics and débat · ", count: 40) },
                compose: { _, _ in ["Chess", "Robotics"] }),
            DaySection("Buses", order: 40, more: "buses") { _, _ in throw Failure() },
            DaySection("Quiet", order: 50, more: "help") { _, _ in nil },
        ]
    }
}

/// `/day` in a channel: the overview in one or two lines, one short part per section; a direct
/// message keeps the full overview.
@Suite struct DayGistTests {
    @Test func aChannelGetsOnePartPerSectionWithinTwoLines() async throws {
        try await TestBot.with(plugins: [PlannerPlugin.self, BulletinPlugin.self], at: "2026-11-23T07:00:00-05:00") {
            bot in
            let inChannel = try await bot.expect("/day", from: "console:ada", in: "#school")
            let compact = try #require(inChannel.channelLines)
            #expect((1...2).contains(compact.count))
            for line in compact { #expect(line.utf8.count < 300, "\(line.utf8.count) bytes: \(line)") }
            let text = compact.joined(separator: " ")
            #expect(
                text.hasPrefix(
                    "Today, Mon Nov 23 — Homework: 2 due for ada: Math, History | Notes: Picture day on Mon Nov 23: bring your form | Clubs: Chess, robotics"
                ), "\(compact)")
            #expect(text.contains("…"), "the long gist is clipped")
            #expect(text.hasSuffix("Buses: could not be read just now"), "\(compact)")
            #expect(!text.contains("Quiet"))
            #expect(inChannel.visibility == .sender)
            let full = [
                "Today, Monday, November 23:",
                "Homework:", "  Math worksheet (ada)", "  History essay", "  more: /homework",
                "Notes:", "  Picture day on Mon Nov 23: bring your form", "  Library closes early", "  more: /notes",
                "Clubs:", "  Chess", "  Robotics", "  more: /clubs",
                "(Buses is left out: it could not be read just now.)",
            ]
            #expect(inChannel.lines == full)
            let direct = try await bot.expect("/day", from: "console:ada")
            #expect(direct.channelLines == nil)
            #expect(direct.lines == full)
            let other = try await bot.expect("/day", from: "console:bo", in: "#school")
            #expect(other.channelLines?.first?.contains("2 due for bo:") == true, "each asker's own gist")
        }
    }

    @Test func aDayOffNamesTheNextSchoolDay() async throws {
        try await TestBot.with(plugins: [PlannerPlugin.self], at: "2026-11-28T09:00:00-05:00") { bot in
            let reply = try await bot.expect("/day", from: "console:ada", in: "#school")
            #expect(
                reply.channelLines == [
                    "No school Sat Nov 28 · next school day Mon Nov 30 — Homework: 2 due for ada: Math, History"
                ])
            #expect(reply.lines.first == "No school on Saturday, November 28. Next school day, Monday, November 30:")
        }
    }

    @Test func manySectionsAreCountedPastTwoLines() async throws {
        try await TestBot.with(plugins: [CrowdedPlugin.self], at: "2026-11-23T07:00:00-05:00") { bot in
            let reply = try await bot.expect("/day", in: "#school")
            let compact = try #require(reply.channelLines)
            #expect(compact.count == 2)
            for line in compact { #expect(line.utf8.count < 300, "\(line.utf8.count) bytes: \(line)") }
            let last = try #require(compact.last)
            let shown = compact.joined().components(separatedBy: "Section ").count - 1
            #expect(last.hasSuffix("+\(12 - shown) more"), "\(compact)")
            #expect(reply.lines.count == 1 + 12 * 3)
        }
    }
}

/// Twelve sections, each with a gist of some length.
private struct CrowdedPlugin: PluginWithoutSettings {
    static let id = "crowded"
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] { [] }
    var daySections: [DaySection] {
        (1...12).map { number in
            DaySection(
                "Section \(number)", order: number, more: "help",
                gist: { _, _ in "something worth knowing about part \(number) of the day" },
                compose: { _, _ in ["Line of section \(number)"] })
        }
    }
}
