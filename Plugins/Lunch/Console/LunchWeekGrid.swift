import CivilDates
import HomeroomCore

/// A week of menus on the console: links to the weeks around it and a table with a row for each
/// day, Monday to Friday, whose cells each change one field of the day with `/lunch set`.
struct LunchWeekGrid {
    /// The action of a cell's form.
    static let setAction = "set"

    /// The week's Monday.
    let monday: LocalDate
    /// The menus stored for the week, by day.
    let menus: [LocalDate: LunchMenu]

    /// The links and the table, in the language of `words`; the specials' `translations` are shown
    /// beside them.
    func blocks(_ words: Words, translations: ContentTranslations) -> [ConsoleBlock] {
        let days = (0..<5).map { monday.adding(days: $0) }
        let translated = days.map { Self.translatedSpecials(menus[$0]?.specials ?? [], words, translations) }
        let showsTranslations = translated.contains { !$0.isEmpty }
        var columns = [words("Day"), words("Specials")]
        if showsTranslations { columns.append(words("Specials in other languages")) }
        columns += [words("Vegetables"), words("Fries")]
        let rows = zip(days, translated).map { date, translated in
            let menu = menus[date] ?? LunchMenu(date: date)
            var row: [ConsoleCell] = [.text(words.date(date)), Self.specialsCell(menu, words)]
            if showsTranslations { row.append(translated.isEmpty ? .empty : .lines(translated)) }
            return row + [Self.vegetablesCell(menu, words), Self.friesCell(menu, words)]
        }
        return [
            .links(links(words)),
            .table(
                ConsoleTable(
                    caption: words("Lunch, week of {date}", ["date": words.date(monday)]), columns: columns,
                    rows: rows)),
        ]
    }

    /// The `/lunch` arguments of a posted cell: `set`, its date, then each field it carries, a list
    /// one dish a line becoming `A; B` (an emptied list empties the field, an unset fries unsets it).
    static func setArguments(from form: [String: String]) -> [String] {
        var arguments = ["set", form["date"] ?? ""]
        for name in LunchMenuChange.fieldNames {
            guard let value = form[name] else { continue }
            let dishes = value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            arguments += [name, dishes.filter { !$0.isEmpty }.joined(separator: "; ")]
        }
        return arguments
    }

    /// The weeks before and after, while they are within the dates a menu may have.
    private func links(_ words: Words) -> [ConsoleLink] {
        let previous = monday.adding(days: -7)
        let next = monday.adding(days: 7)
        var links: [ConsoleLink] = []
        if previous >= LocalDate.earliest {
            links.append(ConsoleLink(words("Previous week"), to: Self.target(previous)))
        }
        if next.adding(days: 4) <= LocalDate.latest {
            links.append(ConsoleLink(words("Next week"), to: Self.target(next)))
        }
        return links
    }

    private static func target(_ monday: LocalDate) -> String { "lunch?week=\(monday.iso)" }

    private static func specialsCell(_ menu: LunchMenu, _ words: Words) -> ConsoleCell {
        cell(
            menu.date,
            ConsoleField(
                "specials", label: words("Specials"), value: menu.specials.joined(separator: "\n"), kind: .lines,
                hint: words("One dish a line.")), words)
    }

    private static func vegetablesCell(_ menu: LunchMenu, _ words: Words) -> ConsoleCell {
        cell(
            menu.date,
            ConsoleField(
                "vegetables", label: words("Vegetables"), value: menu.vegetables.joined(separator: "\n"),
                kind: .lines, hint: words("One dish a line.")), words)
    }

    private static func friesCell(_ menu: LunchMenu, _ words: Words) -> ConsoleCell {
        let choices = [
            (value: "", label: words("not set")), (value: "yes", label: words("yes")),
            (value: "no", label: words("no")),
        ]
        return cell(
            menu.date,
            ConsoleField(
                "fries", label: words("Fries"), value: menu.fries.map { $0 ? "yes" : "no" } ?? "",
                kind: .choice(choices)), words)
    }

    /// A cell's form: `field`, the day it belongs to and a Save button.
    private static func cell(_ date: LocalDate, _ field: ConsoleField, _ words: Words) -> ConsoleCell {
        .form(ConsoleForm(action: setAction, fields: [field], hidden: ["date": date.iso], submit: words("Save")))
    }

    /// "Español: Tacos de pollo, Pizza vegetariana": the specials as the readers of each other
    /// language see them, for the languages that have a translation of at least one.
    private static func translatedSpecials(
        _ specials: [String], _ words: Words, _ translations: ContentTranslations
    ) -> [String] {
        Language.shipped.filter { language in
            language != .english && specials.contains { translations.translation(of: $0, into: language) != nil }
        }
        .map { language in
            words(
                "{language}: {dishes}",
                [
                    "language": language.nativeName,
                    "dishes": Words(LunchPlugin.catalogs, language, content: translations).contentItems(specials),
                ])
        }
    }
}
