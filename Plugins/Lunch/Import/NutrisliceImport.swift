import CivilDates
import Foundation
import HomeroomCore
import JSONReading

/// Reads menus from the JSON that school menu services export (Nutrislice's
/// `days[].menu_items[]`).
///
/// Section titles (`is_section_title`) name the category of the items after them; an item's own
/// `category` (or its food's `food_category`) wins. Entrées and mains become specials;
/// vegetables and sides become vegetables; an item whose name says fries sets fries; milk,
/// fruit, condiments and the like are left out. A day with an `is_holiday` item has no lunch.
///
/// The file is read with ``LocatedJSON`` within ``LunchImportLimits/json``: its memory stays a small
/// multiple of the file, where Foundation's `JSONSerialization` took some 150 times a file of small
/// objects.
enum NutrisliceImport {
    static func menus(from data: Data) throws(LunchImportError) -> [LunchDayImport] {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(data, limits: LunchImportLimits.json)
        } catch {
            throw LunchImportError(problems: ["not valid JSON: \(error)"])
        }
        guard let days = root.member("days")?.elements else {
            throw LunchImportError(problems: ["expected an object with a \"days\" list"])
        }
        guard days.count <= LunchImportLimits.maximumDays else {
            throw LunchImportError(
                problems: [
                    "days has \(days.count) entries; an import may have at most \(LunchImportLimits.maximumDays)"
                ])
        }
        var imports: [LunchDayImport] = []
        var problems: [String] = []
        var seen: [LocalDate: Int] = [:]
        for (index, element) in days.enumerated() {
            let place = "days[\(index)]"
            guard case .object = element.value else {
                problems.append("\(place): expected an object")
                continue
            }
            let day = element
            guard let dateText = day.member("date")?.string, let date = LunchDayImport.date(from: dateText) else {
                problems.append(
                    "\(place).date: expected a date like 2026-12-03, found \(Self.show(day.member("date")))")
                continue
            }
            if let earlier = seen[date] {
                problems.append("\(place): \(date.iso) is also days[\(earlier)]")
                continue
            }
            seen[date] = index
            guard let items = day.member("menu_items")?.elements else {
                if day.member("menu_items") != nil { problems.append("\(place).menu_items: expected a list") }
                continue
            }
            do throws(ItemProblem) {
                if let parsed = try menu(on: date, items: items) { imports.append(parsed) }
            } catch {
                problems.append("\(place).menu_items[\(error.index)]: \(error.message)")
            }
        }
        guard problems.isEmpty else { throw LunchImportError(problems: problems) }
        guard !imports.isEmpty else { throw LunchImportError(problems: ["no day in the file has menu items"]) }
        return imports
    }

    private struct ItemProblem: Error {
        let index: Int
        let message: String
    }

    /// The day's menu; nil when the day has no items; a menu-less day when it is a holiday.
    private static func menu(on date: LocalDate, items: [LocatedJSON]) throws(ItemProblem) -> LunchDayImport? {
        guard items.count <= LunchImportLimits.maximumItemsPerDay else {
            throw ItemProblem(
                index: LunchImportLimits.maximumItemsPerDay,
                message: "more than \(LunchImportLimits.maximumItemsPerDay) items in one day")
        }
        var menu = LunchMenu(date: date)
        var section = ""
        var sawFood = false
        for (index, item) in items.enumerated() {
            guard case .object = item.value else {
                throw ItemProblem(index: index, message: "expected an object")
            }
            if item.member("is_holiday")?.bool == true { return LunchDayImport(date: date, menu: nil) }
            let food = item.member("food")
            let text =
                item.member("text")?.string.flatMap { $0.isEmpty ? nil : $0 } ?? food?.member("name")?.string ?? ""
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
            guard name.count <= LunchImportLimits.maximumTextLength else {
                throw ItemProblem(
                    index: index, message: "the name is longer than \(LunchImportLimits.maximumTextLength) characters")
            }
            guard !name.unicodeScalars.contains("\u{0}") else {
                throw ItemProblem(index: index, message: "the name holds a NUL character")
            }
            if item.member("is_section_title")?.bool == true {
                section = name.lowercased()
                continue
            }
            guard !name.isEmpty else { continue }
            sawFood = true
            let category = (item.member("category")?.string ?? food?.member("food_category")?.string ?? section)
                .lowercased()
            if name.lowercased().contains("fries") {
                menu.fries = true
            } else if ["entree", "entrée", "main", "special", "lunch"].contains(where: category.contains) {
                menu.specials.append(name)
            } else if ["vegetable", "veggie", "side"].contains(where: category.contains) {
                menu.vegetables.append(name)
            }
        }
        guard sawFood else { return nil }
        if menu.fries == nil { menu.fries = false }
        return LunchDayImport(date: date, menu: menu)
    }

    /// A value as a problem quotes it: a string in quotes, anything else by its kind.
    private static func show(_ value: LocatedJSON?) -> String {
        guard let value else { return "nothing" }
        switch value.value {
        case .null: return "nothing"
        case .string(let text): return "\"\(text.prefix(40))\""
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return value.kindName
        }
    }
}
