import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import SQLKit
import Schedule
import Testing

/// One service for a district: each school answers with its own bells and menu, in its channels,
/// for its people, and for anyone who names it with `at SCHOOL`.
@Suite struct DistrictAnswersTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachChannelAnswersForItsSchoolAndAtNamesAnother(backend: DatabaseBackend) async throws {
        try await withDistrictBot(backend: backend) { bot in
            try await bot.expect(
                #"/schedule daytype set regular "8:00-8:50 Period 1" "8:55-9:45 Period 2" at lincoln"#,
                from: "console:district", verified: true)
            try await bot.expect(
                #"/schedule daytype set regular "7:45-8:40 Homeroom block" "8:45-9:40 Math""#,
                from: "console:jeff-admin", in: "#jefferson", verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Lincoln tacos" at LHS"#, from: "console:district", verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Jefferson pasta""#, from: "console:jeff-admin", in: "#jefferson",
                verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)

            let jeffersonNow = try await bot.expect("/now", in: "#jefferson", contains: "Homeroom block")
            #expect(!jeffersonNow.text.contains("Period 1"))
            try await bot.expect("/now", in: "#lincoln", contains: "Period 1")
            let jeffersonLunch = try await bot.expect("/lunch", in: "#jefferson", contains: "Jefferson pasta")
            #expect(!jeffersonLunch.text.contains("Lincoln tacos"))
            try await bot.expect("/lunch", in: "#lincoln", contains: "Lincoln tacos")
            try await bot.expect("/lunch at Adams", in: "#lincoln", contains: "Elementary pizza")
            try await bot.expect("/lunch today at adams elementary", in: "#lincoln", contains: "Elementary pizza")
            // Washington shares the elementary menu: the same row, not a copy.
            try await bot.expect("/lunch at washington", in: "#jefferson", contains: "Elementary pizza")
            let storage = bot.storage(of: LunchPlugin.self)
            let table = storage.table("menus")
            let scopes = try await storage.read { db in
                try await db.select().column("scope").from(table).orderBy("scope").all()
                    .map { try $0.decode(column: "scope", as: String.self) }
            }
            #expect(scopes == ["elementary", "jefferson", "lincoln"])
        }
    }

    @Test func aPersonsSchoolAnswersTheirDirectMessagesAndUnassignedChannels() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Lincoln tacos" at lincoln"#, from: "console:district",
                verified: true)
            // Before choosing, the district's first school answers.
            try await bot.expect("/lunch", from: "console:parent", contains: "Lincoln tacos")
            try await bot.expect("/me school Adams", from: "console:parent", contains: "Adams Elementary School")
            try await bot.expect("/lunch", from: "console:parent", contains: "Elementary pizza")
            try await bot.expect("/lunch", from: "console:parent", in: "#playground", contains: "Elementary pizza")
            // An assigned channel answers for its school, whoever asks.
            try await bot.expect("/lunch", from: "console:parent", in: "#lincoln", contains: "Lincoln tacos")
            try await bot.expect("/me school", from: "console:parent", contains: "Adams Elementary School")
            try await bot.expect(
                "/me school Hogwarts", from: "console:parent", contains: "no school Hogwarts", error: true)
            try await bot.expect("/me school none", from: "console:parent")
            try await bot.expect("/lunch", from: "console:parent", contains: "Lincoln tacos")
        }
    }

    @Test func aQuestionInPlainWordsNamesItsSchool() async throws {
        try await withDistrictBot { bot in
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at adams"#, from: "console:district",
                verified: true)
            try await bot.expect("what's for lunch at Adams?", from: "console:parent", contains: "Elementary pizza")
            try await bot.expect("¿qué hay de almuerzo en Adams?", from: "console:abuela", contains: "Elementary pizza")
        }
    }

    @Test func theSchoolsAreListedWithTheOneAnsweringHere() async throws {
        try await withDistrictBot { bot in
            let reply = try await bot.expect(
                "/schools", in: "#jefferson", contains: "Lincoln High School (lincoln)", "Washington Elementary School")
            #expect(reply.text.contains("Jefferson Middle School answers here"))
        }
    }
}

/// A school's own language answers those who chose none, at that school.
@Suite struct SchoolLanguageTests {
    @Test func aSchoolsLanguageAnswersThoseWhoChoseNone() async throws {
        try await TestBot.with(
            plugins: [LunchPlugin.self],
            configure: { configuration in
                var spanish = school("cesar-chavez", "César Chávez Elementary")
                spanish.language = "es"
                configuration.schools = [school("lincoln", "Lincoln High School"), spanish]
            }
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos" at chavez"#, from: "console:admin")
            try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos" at lincoln"#, from: "console:admin")
            try await bot.expect("/lunch at chavez", contains: "Almuerzo del")
            try await bot.expect("/lunch", contains: "Lunch for")
            try await bot.expect("/me language en", from: "console:visitor")
            try await bot.expect("/lunch at chavez", from: "console:visitor", contains: "Lunch for")
        }
    }
}

/// The core commands' worked examples in a district, where the school commands are offered.
@Suite struct DistrictExamplesTests {
    @Test func theCoreCommandsExamplesHoldInADistrict() async throws {
        try await withDistrictBot { bot in
            // `/subscriptions` lists what its asker subscribed to.
            try await bot.expect("/subscribe lunch")
            try await bot.expect("/subscribe lunch", from: "console:admin")
            try await bot.runExamples(of: CorePlugin.self)
        }
    }

    @Test func oneSchoolIsOfferedNoSchoolCommands() async throws {
        try await TestBot.with(plugins: [LunchPlugin.self]) { bot in
            try await bot.expect("/schools", contains: "no command", error: true)
            try await bot.expect("/me school adams", contains: "usage", error: true)
        }
    }
}

/// A school's own copy of a plugin reads a group's data afresh when another copy changes it.
@Suite struct SchoolCopyCacheTests {
    @Test func aChangeThroughOneCopyShowsAtOnceThroughTheOther() async throws {
        try await TestBot.with(
            plugins: [LunchPlugin.self],
            configure: { configuration in
                configuration.schools = [
                    school("adams", "Adams Elementary", plugins: ["lunch": .object(["cacheSeconds": .number(600)])]),
                    school("washington", "Washington Elementary"),
                ]
                var elementary = HomeroomConfiguration.GroupSection()
                elementary.share = ["lunch"]
                configuration.groups = ["elementary": elementary]
            }
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-23 specials "Fish sticks" at adams"#, from: "console:admin")
            try await bot.expect("/lunch at adams", contains: "Fish sticks")
            try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos" at washington"#, from: "console:admin")
            try await bot.expect("/lunch at adams", contains: "Tacos")
            try await bot.expect("/lunch at washington", contains: "Tacos")
        }
    }
}
