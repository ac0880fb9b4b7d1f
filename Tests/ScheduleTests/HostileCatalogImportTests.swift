import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Schedule
import Testing

/// Course catalogs written to break the import (`Tests/Fixtures/hostile/catalog`, or built here
/// when large): each is read, or refused with a short problem naming its line, and a refused file
/// leaves the catalog as it was.
@Suite struct HostileCatalogImportTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/catalog")

    static func importing(_ text: String, named name: String, into bot: TestBot) async throws
        -> CourseCatalogImporter.Summary
    {
        try await CourseCatalogImporter.importCatalog(
            text, named: name, into: bot.runtime.storage(for: SchedulePlugin.id), by: AuditEntry.commandLine,
            at: bot.clock.now)
    }

    static func problem(_ text: String, named name: String, into bot: TestBot) async throws -> String? {
        do {
            _ = try await importing(text, named: name, into: bot)
            return nil
        } catch let problem as CourseCatalogImporter.Problem {
            return problem.description
        }
    }

    static func fixture(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
    }

    @Test func hostileCatalogsAreRefusedOnTheirLineAndChangeNothing() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            try await importCatalog(into: bot)
            let cases = [
                ("unclosed-quote.csv", "unclosed-quote.csv:2: a quoted field is never closed"),
                ("block-huge.csv", #"block-huge.csv:2: block "99999999999999999999" is not a number from 0 to 20"#),
                ("nul.csv", "nul.csv:3: a NUL character; the file is not CSV text"),
            ]
            for (file, expected) in cases {
                #expect(try await Self.problem(try Self.fixture(file), named: file, into: bot) == expected)
            }
            let field = "grade,block,course,teacher,room\n10,1,English," + String(repeating: "x", count: 300) + ",A-1\n"
            #expect(
                try await Self.problem(field, named: "long.csv", into: bot)
                    == "long.csv:2: teacher is longer than \(CourseCatalogImporter.maximumFieldLength) characters")
            let rows = (0...CourseCatalogImporter.maximumCourses).map { "10,1,Course \($0),Ms. Lee,B-1" }
            #expect(
                try await Self.problem(rows.joined(separator: "\n"), named: "rows.csv", into: bot)
                    == "rows.csv: \(rows.count) courses; a catalog may have at most \(CourseCatalogImporter.maximumCourses)"
            )
            let huge = String(repeating: "x", count: CourseCatalogImporter.maximumFileBytes + 1)
            #expect(
                try await Self.problem(huge, named: "huge.csv", into: bot)?.hasPrefix("huge.csv: the file has") == true)
            try await bot.expect("/classes grade 10")
            try await bot.expect("/classes set 3 \"ap chemistry\"", contains: "Block 3: AP Chemistry (Ms. Lee, B-201)")
        }
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsRead() async throws {
        try await withScheduleBot(at: "2025-10-20T10:40:00-07:00") { bot in
            let summary = try await Self.importing(try Self.fixture("bom.csv"), named: "bom.csv", into: bot)
            #expect(summary.courses == 1 && summary.grades == ["10"])
        }
    }
}
