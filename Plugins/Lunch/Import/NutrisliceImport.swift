import Foundation
import HomeroomCore

/// Reads menus from the JSON that school menu services export (Nutrislice's
/// `days[].menu_items[]`).
///
/// Section titles (`is_section_title`) name the category of the items after them; an item's own
/// `category` (or its food's `food_category`) wins. Entrées and mains become specials;
/// vegetables and sides become vegetables; an item whose name says fries sets fries; milk,
/// fruit, condiments and the like are left out. A day with an `is_holiday` item has no lunch.
enum NutrisliceImport {
    static func menus(from data: Data) throws(LunchImportError) -> [LunchDayImport] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw LunchImportError(problems: ["not valid JSON: \(Self.describe(error))"])
        }
        guard let object = root as? [String: Any], let days = object["days"] as? [Any] else {
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
            guard let day = element as? [String: Any] else {
                problems.append("\(place): expected an object")
                continue
            }
            guard let dateText = day["date"] as? String, let date = LunchDayImport.date(from: dateText) else {
                problems.append("\(place).date: expected a date like 2026-12-03, found \(Self.show(day["date"]))")
                continue
            }
            if let earlier = seen[date] {
                problems.append("\(place): \(date.iso) is also days[\(earlier)]")
                continue
            }
            seen[date] = index
            guard let items = day["menu_items"] as? [Any] else {
                if day["menu_items"] != nil { problems.append("\(place).menu_items: expected a list") }
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
    private static func menu(on date: LocalDate, items: [Any]) throws(ItemProblem) -> LunchDayImport? {
        guard items.count <= LunchImportLimits.maximumItemsPerDay else {
            throw ItemProblem(
                index: LunchImportLimits.maximumItemsPerDay,
                message: "more than \(LunchImportLimits.maximumItemsPerDay) items in one day")
        }
        var menu = LunchMenu(date: date)
        var section = ""
        var sawFood = false
        for (index, element) in items.enumerated() {
            guard let item = element as? [String: Any] else {
                throw ItemProblem(index: index, message: "expected an object")
            }
            if item["is_holiday"] as? Bool == true { return LunchDayImport(date: date, menu: nil) }
            let food = item["food"] as? [String: Any]
            let text = (item["text"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? food?["name"] as? String ?? ""
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
            guard name.count <= LunchImportLimits.maximumTextLength else {
                throw ItemProblem(
                    index: index, message: "the name is longer than \(LunchImportLimits.maximumTextLength) characters")
            }
            guard !name.unicodeScalars.contains("\u{0}") else {
                throw ItemProblem(index: index, message: "the name holds a NUL character")
            }
            if item["is_section_title"] as? Bool == true {
                section = name.lowercased()
                continue
            }
            guard !name.isEmpty else { continue }
            sawFood = true
            let category = ((item["category"] as? String) ?? (food?["food_category"] as? String) ?? section)
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

    private static func show(_ value: Any?) -> String {
        switch value {
        case nil: "nothing"
        case let text as String: "\"\(text.prefix(40))\""
        case let other?: String("\(other)".prefix(40))
        }
    }

    /// Foundation's parse error, with the line and column it gives.
    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
