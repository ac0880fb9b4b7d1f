import CivilDates
import HomeroomCore

/// The words of lunch answers, in the reader's language.
enum LunchMenuFormatter {
    /// The lines of a day's menu: specials, vegetables, fries and the always-available dishes.
    static func lines(of menu: LunchMenu, always: [String], _ words: Words) -> [String] {
        var lines: [String] = []
        if !menu.specials.isEmpty {
            lines.append(words("Specials: {dishes}", ["dishes": words.contentItems(menu.specials)]))
        }
        if !menu.vegetables.isEmpty {
            lines.append(words("Vegetables: {dishes}", ["dishes": words.contentItems(menu.vegetables)]))
        }
        if let fries = menu.fries { lines.append(fries ? words("Fries: yes") : words("Fries: no")) }
        lines += alwaysLine(always, words)
        return lines
    }

    /// "Always available: …", or nothing when no dish is.
    static func alwaysLine(_ always: [String], _ words: Words) -> [String] {
        always.isEmpty ? [] : [words("Always available: {dishes}", ["dishes": words.contentItems(always)])]
    }

    /// `Mon Dec 7: tacos · green beans · fries`.
    static func weekLine(_ date: LocalDate, _ menu: LunchMenu?, isSchoolDay: Bool, _ words: Words) -> String {
        words(
            "{date}: {menu}",
            ["date": words.date(date, .short), "menu": summary(menu, isSchoolDay: isSchoolDay, words)])
    }

    /// A day's menu on one line, or why there is none.
    static func summary(_ menu: LunchMenu?, isSchoolDay: Bool, _ words: Words) -> String {
        guard let menu, !menu.isEmpty else { return isSchoolDay ? words("no menu posted") : words("no school") }
        return parts(of: menu, words).joined(separator: " · ")
    }

    /// The menu's parts for one line: the specials, the vegetables, fries or none.
    static func parts(of menu: LunchMenu, _ words: Words) -> [String] {
        var parts: [String] = []
        if !menu.specials.isEmpty { parts.append(words.contentItems(menu.specials)) }
        if !menu.vegetables.isEmpty { parts.append(words.contentItems(menu.vegetables)) }
        if let fries = menu.fries { parts.append(fries ? words("fries") : words("no fries")) }
        return parts
    }

    /// A day's lunch in one or two lines for a channel.
    static func compactDay(
        _ date: LocalDate, _ menu: LunchMenu?, isSchoolDay: Bool, next: LunchMenu?, lookAheadDays: Int,
        _ words: Words
    ) -> [String] {
        let day = words.date(date, .short)
        if let menu, !menu.isEmpty {
            return CompactAnswer.packed(
                words("Lunch {date}: ", ["date": day]), parts(of: menu, words), words: words, itemsAreSentences: true)
        }
        guard let next else {
            let sentence =
                isSchoolDay
                ? words.plural(
                    "Lunch {date}: no menu posted; none posted for the {count} day after.",
                    "Lunch {date}: no menu posted; none posted for the {count} days after.", count: lookAheadDays,
                    ["date": day])
                : words.plural(
                    "Lunch {date}: no school; none posted for the {count} day after.",
                    "Lunch {date}: no school; none posted for the {count} days after.", count: lookAheadDays,
                    ["date": day])
            return [sentence]
        }
        let lead =
            isSchoolDay
            ? words(
                "Lunch {date}: no menu posted · next menu {next}: ",
                ["date": day, "next": words.date(next.date, .short)])
            : words(
                "Lunch {date}: no school · next menu {next}: ", ["date": day, "next": words.date(next.date, .short)])
        return CompactAnswer.packed(lead, parts(of: next, words), words: words, itemsAreSentences: true)
    }

    /// A week's lunches in one or two lines for a channel.
    static func compactWeek(_ days: [(date: LocalDate, menu: LunchMenu?, isSchoolDay: Bool)], _ words: Words)
        -> [String]
    {
        guard let first = days.first, let last = days.last else { return [] }
        return CompactAnswer.packed(
            words(
                "Lunch {first} – {last}: ",
                ["first": words.date(first.date, .short), "last": words.date(last.date, .short)]),
            days.map {
                words(
                    "{weekday} {menu}",
                    [
                        "weekday": words.date($0.date, .shortWeekday),
                        "menu": summary($0.menu, isSchoolDay: $0.isSchoolDay, words),
                    ])
            },
            separator: " | ", words: words, itemsAreSentences: true)
    }
}
