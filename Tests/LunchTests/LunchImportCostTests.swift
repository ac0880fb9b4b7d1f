import CivilDates
import Foundation
import HomeroomCore
import HomeroomTesting
import Lunch
import Testing

/// Menu-service files near the size limit: a full export is read, and a file of tiny objects is
/// refused at the memory limit as it is read, at no more cost than the full export (measured in the
/// same run). Foundation's reader took some 750 MB for a 4.7 MB export, and more for tiny objects.
@Suite struct LunchImportCostTests {
    /// An export of `days` school days of `items` menu items, each with its food, nutrition and icon
    /// as menu services write them: about 4.6 MB for 2,000 days of 7 items.
    static func export(days: Int, items: Int) -> Data {
        let categories = ["entree", "entree", "vegetable", "side", "milk", "fruit"]
        var text = #"{"start_date": "2020-01-01", "days": ["#
        for day in 0..<days {
            if day > 0 { text += ",\n" }
            text += #"{"date": "\#(LocalDate(daysSinceEpoch: 18_262 + day).iso)", "menu_items": ["#
            for item in 0..<items {
                if item > 0 { text += ", " }
                let category = categories[item % categories.count]
                text += #"""
                    {"is_section_title": false, "is_holiday": false, "text": "", "position": \#(item), "category": "\#(category)", "food": {"name": "Dish \#(day)-\#(item)", "food_category": "\#(category)", "price": 2.75, "icon_url": "https://example.com/icons/\#(category).png", "rounded_nutrition_info": {"calories": 320, "g_fat": 12.5, "g_protein": 18, "mg_sodium": 640}}}
                    """#
            }
            text += "]}"
        }
        return Data((text + "]}").utf8)
    }

    static let fullExport = export(days: LunchImportLimits.maximumDays, items: 7)

    static func problems(_ data: Data) -> [String]? {
        do {
            _ = try LunchImporter.parse(data, named: "menus.json")
            return nil
        } catch {
            return error.problems
        }
    }

    @Test func aFullExportNearTheSizeLimitIsRead() throws {
        #expect(Self.fullExport.count > 4_000_000 && Self.fullExport.count <= LunchImportLimits.maximumFileBytes)
        let days = try LunchImporter.parse(Self.fullExport, named: "menus.json")
        #expect(days.count == LunchImportLimits.maximumDays)
        #expect(days.first?.menu?.specials == ["Dish 0-0", "Dish 0-1", "Dish 0-6"])
        #expect(days.first?.menu?.vegetables == ["Dish 0-2", "Dish 0-3"])
    }

    @Test func aFileOfOneKeyObjectsIsRefusedAtTheMemoryLimitAsItIsRead() {
        var text = #"{"days": ["#
        let size = Self.fullExport.count
        text.reserveCapacity(size)
        while text.utf8.count + 10 <= size { text += #"{"a":0},"# }
        let hostile = Data((text + #"{"a":0}]}"#).utf8)
        let problems = Self.problems(hostile)
        #expect(problems?.count == 1)
        #expect(
            problems?.first?.hasPrefix("not valid JSON: line 1: the document's values would take more than") == true)
        let ratio = CostRatio.of({ _ = Self.problems(hostile) }, against: { _ = Self.problems(Self.fullExport) })
        #expect(ratio < 2, "refusing \(hostile.count) bytes of one-key objects took \(ratio) times a full export")
    }

    /// Twice the days take about twice the time: the reader is linear in the file.
    @Test func readingTimeGrowsLinearlyWithTheExport() {
        let half = Self.export(days: LunchImportLimits.maximumDays / 2, items: 7)
        let ratio = CostRatio.of({ _ = Self.problems(Self.fullExport) }, against: { _ = Self.problems(half) })
        #expect(ratio < 3, "twice the export took \(ratio) times as long")
    }
}
