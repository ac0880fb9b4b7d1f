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
    /// The days of a menu-service file; every problem is told in the language of `words`.
    static func menus(from data: Data, _ words: Words) throws(LunchImportError) -> [LunchDayImport] {
        func rejected(_ problems: [String]) -> LunchImportError {
            LunchImportError(problems: problems, language: words.language)
        }
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(data, limits: LunchImportLimits.json)
        } catch {
            throw rejected([words("not valid JSON: {problem}", ["problem": "\(error)"])])
        }
        guard let days = root.member("days")?.elements else {
            throw rejected([words("expected an object with a \"days\" list")])
        }
        guard days.count <= LunchImportLimits.maximumDays else {
            throw rejected([
                words(
                    "days has {entries} entries; an import may have at most {limit}",
                    ["entries": String(days.count), "limit": String(LunchImportLimits.maximumDays)])
            ])
        }
        var imports: [LunchDayImport] = []
        var problems: [String] = []
        var seen: [LocalDate: Int] = [:]
        for (index, element) in days.enumerated() {
            let place = "days[\(index)]"
            guard case .object = element.value else {
                problems.append(words("{place}: expected an object", ["place": place]))
                continue
            }
            let day = element
            guard let dateText = day.member("date")?.string, let date = LunchDayImport.date(from: dateText) else {
                problems.append(Self.notADate(day.member("date"), at: place + ".date", words))
                continue
            }
            if let earlier = seen[date] {
                problems.append(
                    words(
                        "{place}: {date} is also {earlier}",
                        ["place": place, "date": date.iso, "earlier": "days[\(earlier)]"]))
                continue
            }
            seen[date] = index
            guard let items = day.member("menu_items")?.elements else {
                if day.member("menu_items") != nil {
                    problems.append(words("{place}: expected a list", ["place": place + ".menu_items"]))
                }
                continue
            }
            do throws(ItemProblem) {
                if let parsed = try menu(on: date, items: items, at: place + ".menu_items", words) {
                    imports.append(parsed)
                }
            } catch {
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else { throw rejected(problems) }
        guard !imports.isEmpty else { throw rejected([words("no day in the file has menu items")]) }
        return imports
    }

    /// A bad menu item, told with its place.
    private struct ItemProblem: Error {
        let message: String
    }

    /// The day's menu; nil when the day has no items; a menu-less day when it is a holiday. A
    /// problem names the item's place under `list`.
    private static func menu(on date: LocalDate, items: [LocatedJSON], at list: String, _ words: Words)
        throws(ItemProblem) -> LunchDayImport?
    {
        func place(_ index: Int) -> String { "\(list)[\(index)]" }
        guard items.count <= LunchImportLimits.maximumItemsPerDay else {
            throw ItemProblem(
                message: words(
                    "{place}: more than {limit} items in one day",
                    [
                        "place": place(LunchImportLimits.maximumItemsPerDay),
                        "limit": String(LunchImportLimits.maximumItemsPerDay),
                    ]))
        }
        var menu = LunchMenu(date: date)
        var section = ""
        var sawFood = false
        for (index, item) in items.enumerated() {
            guard case .object = item.value else {
                throw ItemProblem(message: words("{place}: expected an object", ["place": place(index)]))
            }
            if item.member("is_holiday")?.bool == true { return LunchDayImport(date: date, menu: nil) }
            let food = item.member("food")
            let text =
                item.member("text")?.string.flatMap { $0.isEmpty ? nil : $0 } ?? food?.member("name")?.string ?? ""
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ")
            guard name.count <= LunchImportLimits.maximumTextLength else {
                throw ItemProblem(
                    message: words(
                        "{place}: the name is longer than {limit} characters",
                        ["place": place(index), "limit": String(LunchImportLimits.maximumTextLength)]))
            }
            guard !name.unicodeScalars.contains("\u{0}") else {
                throw ItemProblem(message: words("{place}: the name holds a NUL character", ["place": place(index)]))
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

    /// "`place`: expected a date like 2026-12-03, found …", quoting a string, writing a number and
    /// naming any other kind of value.
    private static func notADate(_ value: LocatedJSON?, at place: String, _ words: Words) -> String {
        guard let value else {
            return words("{place}: expected a date like 2026-12-03, found nothing", ["place": place])
        }
        switch value.value {
        case .null:
            return words("{place}: expected a date like 2026-12-03, found nothing", ["place": place])
        case .string(let text):
            return words(
                "{place}: expected a date like 2026-12-03, found \"{value}\"",
                ["place": place, "value": String(text.prefix(40))])
        case .number(let number):
            let written = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            return words("{place}: expected a date like 2026-12-03, found {value}", ["place": place, "value": written])
        case .bool:
            return words("{place}: expected a date like 2026-12-03, found true or false", ["place": place])
        case .array:
            return words("{place}: expected a date like 2026-12-03, found a list", ["place": place])
        case .object:
            return words("{place}: expected a date like 2026-12-03, found an object", ["place": place])
        }
    }
}
