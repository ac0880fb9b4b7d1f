import Foundation
import HomeroomCore
import HomeroomTesting
import Schedule
import Testing

func importCatalog(into bot: TestBot) async throws {
    _ = try await CourseCatalogImporter.importCatalog(
        catalogCSV, named: "catalog.csv", into: bot.runtime.storage(for: SchedulePlugin.id), by: AuditEntry.commandLine,
        at: bot.clock.now)
}

/// Students' classes: a grade, a course per block checked against the catalog, and `/now` naming it.
@Suite struct ClassesTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aStudentPicksCoursesAndNowNamesTheClassAndRoom(backend: DatabaseBackend) async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00", backend: backend) { bot in
            try await importCatalog(into: bot)
            try await bot.expect("/classes", contains: "Tell me your grade first")
            try await bot.expect("/classes grade 10", contains: "grade 10")
            try await bot.expect("/classes set 3 \"ap chemistry\"", contains: "Block 3: AP Chemistry (Ms. Lee, B-201)")
            try await bot.expect("/now", contains: "Period 3 — AP Chemistry, room B-201, 12 min left")
            try await bot.expect("/classes", contains: "10:02–10:52 Period 3 — AP Chemistry, room B-201, Ms. Lee")
            let other = try await bot.expect("/now", from: "console:friend", contains: "Period 3, 12 min left")
            #expect(!other.text.contains("Chemistry"))
        }
    }

    @Test func aCourseTheGradeDoesNotOfferIsRefusedWithTheChoices() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            try await importCatalog(into: bot)
            try await bot.expect("/classes set 3 Physics", contains: "Tell me your grade first", error: true)
            try await bot.expect(
                "/classes grade 12", contains: "No courses are listed for grade 12. Grades: 10, 11", error: true)
            try await bot.expect("/classes grade 10")
            try await bot.expect(
                "/classes set 3 Physics",
                contains:
                    "\"Physics\" is not offered in block 3 for grade 10. Choose one of: AP Chemistry (Ms. Lee, B-201); Biology (Mr. Park, B-105).",
                error: true)
            try await bot.expect(
                "/classes set 7 Art", contains: "Grade 10 has no block 7. Blocks: 1, 2, 3", error: true)
            try await bot.expect("/classes set three Biology", error: true)
            try await bot.expect("/classes", contains: "no classes yet")
            try await bot.expect("/classes clear", contains: "nothing to clear", error: true)
        }
    }

    @Test func changingGradeDropsCoursesTheNewGradeDoesNotOffer() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            try await importCatalog(into: bot)
            try await bot.expect("/classes grade 10")
            try await bot.expect("/classes set 3 Biology")
            try await bot.expect("/classes grade 11")
            try await bot.expect("/classes", contains: "no classes yet")
        }
    }

    @Test func aBadCatalogIsRefusedWithItsLineAndNothingIsImported() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            try await importCatalog(into: bot)
            let storage = bot.runtime.storage(for: SchedulePlugin.id)
            for (text, problem) in [
                ("grade,block,course,teacher,room\n10,x,Art,Ms. A,D-1\n", "bad.csv:2: block \"x\" is not a number"),
                ("10,1,Art,Ms. A\n", "bad.csv:1: expected 5 fields"),
                ("10,1,Art,Ms. A,D-1\n10,1,art,Ms. B,D-2\n", "bad.csv:2: art is listed twice"),
                ("grade,block,course,teacher,room\n", "bad.csv: no courses"),
            ] {
                await #expect {
                    _ = try await CourseCatalogImporter.importCatalog(
                        text, named: "bad.csv", into: storage, by: AuditEntry.commandLine, at: bot.clock.now)
                } throws: { error in
                    (error as? CourseCatalogImporter.Problem)?.description.hasPrefix(problem) == true
                }
            }
            try await bot.expect("/classes grade 10")
            try await bot.expect(
                "/classes offered 3", contains: "Block 3: AP Chemistry (Ms. Lee, B-201); Biology (Mr. Park, B-105)")
        }
    }
}
