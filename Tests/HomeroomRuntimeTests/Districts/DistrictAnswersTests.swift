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
