import CivilDates
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Testing

/// Lunch files written to break the import (`Tests/Fixtures/hostile/lunch`, or built here when
/// large): each is read, or refused with a short problem naming its line or place, and a refused
/// file changes nothing.
@Suite struct HostileLunchImportTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/lunch")

    static func problems(_ data: Data, named name: String) -> [String]? {
        do {
            _ = try LunchImporter.parse(data, named: name)
            return nil
        } catch {
            return error.problems
        }
    }

    @Test(arguments: [
        ("unclosed-quote.csv", "line 2: a quoted field is never closed"),
        ("year-99999.csv", #"line 2: "99999-11-23" is not a date like 2026-12-03"#),
        ("nul.csv", "line 3: a NUL character; the file is not CSV text"),
        ("nul-name.json", "days[0].menu_items[0]: the name holds a NUL character"),
        ("year-99999.json", #"days[0].date: expected a date like 2026-12-03, found "99999-01-01""#),
    ])
    func aHostileFileIsRefusedWithItsFirstProblem(file: String, problem: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        #expect(Self.problems(data, named: file)?.first == problem)
    }

    /// A price of 1e999 is past any number; the import does not use prices, so the menu is read.
    @Test(arguments: [("bom.csv", "Bom soup"), ("bom.json", "Bom pizza"), ("number-overflow.json", "Pizza")])
    func aByteOrderMarkAndABigPriceDoNotStopAGoodFile(file: String, special: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let days = try LunchImporter.parse(data, named: file)
        #expect(days.map(\.menu?.specials) == [[special]])
    }

    @Test func aFieldOfTwoMegabytesIsRefusedOnItsLine() {
        let csv =
            "date,specials,vegetables,fries\n2026-11-23,\"" + String(repeating: "x", count: 2_000_000) + "\",Peas,no\n"
        #expect(Self.problems(Data(csv.utf8), named: "big.csv") == ["line 2: field 2 is longer than 1000 characters"])
    }

    @Test func aFileOverTheSizeLimitIsRefusedUnread() {
        let data = Data(repeating: UInt8(ascii: "x"), count: LunchImportLimits.maximumFileBytes + 1)
        #expect(
            Self.problems(data, named: "huge.csv")
                == [
                    "the file has \(data.count) bytes; an import may have at most \(LunchImportLimits.maximumFileBytes)"
                ])
    }

    @Test func tooManyRowsOrItemsAreRefused() {
        let rows = (0...LunchImportLimits.maximumDays).map {
            LocalDate(daysSinceEpoch: 20_000 + $0).iso + ",Soup,Peas,no"
        }
        let csv = "date,specials,vegetables,fries\n" + rows.joined(separator: "\n")
        #expect(
            Self.problems(Data(csv.utf8), named: "rows.csv")
                == [
                    "the file has \(rows.count + 1) rows; an import may have at most \(LunchImportLimits.maximumDays) days"
                ])
        let items = Array(repeating: #"{"text": "Pizza", "category": "entree"}"#, count: 201).joined(separator: ",")
        let json = #"{"days": [{"date": "2026-11-23", "menu_items": [\#(items)]}]}"#
        #expect(
            Self.problems(Data(json.utf8), named: "items.json")
                == ["days[0].menu_items[200]: more than \(LunchImportLimits.maximumItemsPerDay) items in one day"])
    }

    @Test func deeplyNestedJSONIsRefused() {
        let json = #"{"days": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(
            Self.problems(Data(json.utf8), named: "deep.json")
                == ["not valid JSON: line 1: the document nests deeper than 64 levels"])
    }

    @Test func aRefusedFileLeavesTheMenusAsTheyWere() async throws {
        try await withLunchBot { bot in
            let storage = bot.runtime.storage(for: LunchPlugin.id)
            _ = try await LunchImporter.importMenus(
                Data("2026-11-23,Original soup,Peas,no\n".utf8), named: "good.csv", into: storage,
                by: AuditEntry.commandLine, at: bot.clock.now)
            let hostile = try Data(contentsOf: Self.folder.appendingPathComponent("nul.csv"))
            await #expect(throws: LunchImportError.self) {
                try await LunchImporter.importMenus(
                    hostile, named: "nul.csv", into: storage, by: AuditEntry.commandLine, at: bot.clock.now)
            }
            try await bot.expect("/lunch", contains: "Specials: Original soup")
        }
    }
}
