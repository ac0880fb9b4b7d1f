import CivilDates
import HomeroomCore

/// How menus read in the chat.
enum LunchMenuFormatter {
    /// The lines of one day's menu, without a heading.
    static func lines(of menu: LunchMenu, always: [String]) -> [String] {
        var lines: [String] = []
        if !menu.specials.isEmpty { lines.append("Specials: \(menu.specials.joined(separator: ", "))") }
        if !menu.vegetables.isEmpty { lines.append("Vegetables: \(menu.vegetables.joined(separator: ", "))") }
        if let fries = menu.fries { lines.append("Fries: \(fries ? "yes" : "no")") }
        lines += alwaysLine(always)
        return lines
    }

    /// `Always available: Salad bar, Deli sandwiches`, or nothing when there are none.
    static func alwaysLine(_ always: [String]) -> [String] {
        always.isEmpty ? [] : ["Always available: \(always.joined(separator: ", "))"]
    }

    /// One line for the week view: `Mon Nov 23: Chicken tacos, Veggie pizza · Green beans · fries`.
    static func weekLine(_ date: LocalDate, _ menu: LunchMenu?, isSchoolDay: Bool) -> String {
        "\(date.shortName): \(summary(menu, isSchoolDay: isSchoolDay))"
    }

    /// A day's menu in a few words: `Chicken tacos, Veggie pizza · Green beans · fries`, or why
    /// there is none.
    static func summary(_ menu: LunchMenu?, isSchoolDay: Bool) -> String {
        guard let menu, !menu.isEmpty else { return isSchoolDay ? "no menu posted" : "no school" }
        return parts(of: menu).joined(separator: " · ")
    }

    /// The menu's parts, each a few words: the specials, the vegetables, fries or not.
    static func parts(of menu: LunchMenu) -> [String] {
        var parts: [String] = []
        if !menu.specials.isEmpty { parts.append(menu.specials.joined(separator: ", ")) }
        if !menu.vegetables.isEmpty { parts.append(menu.vegetables.joined(separator: ", ")) }
        if let fries = menu.fries { parts.append(fries ? "fries" : "no fries") }
        return parts
    }

    /// `/lunch` in a channel: `Lunch Tue Nov 24: Chicken tacos, Veggie pizza · Green beans · fries`;
    /// on a day without a menu, why and the next posted one (`next`), or that none is posted for
    /// `lookAheadDays`.
    static func compactDay(
        _ date: LocalDate, _ menu: LunchMenu?, isSchoolDay: Bool, next: LunchMenu?, lookAheadDays: Int
    ) -> [String] {
        let lead = "Lunch \(date.shortName): "
        if let menu, !menu.isEmpty { return CompactAnswer.packed(lead, parts(of: menu)) }
        let why = summary(nil, isSchoolDay: isSchoolDay)
        guard let next else { return ["\(lead)\(why); none posted for the \(lookAheadDays) days after."] }
        return CompactAnswer.packed("\(lead)\(why) · next menu \(next.date.shortName): ", parts(of: next))
    }

    /// `/lunch week` in a channel: `Lunch Mon Nov 23 – Fri Nov 27: Mon Tacos · fries | Tue no menu posted | …`.
    static func compactWeek(_ days: [(date: LocalDate, menu: LunchMenu?, isSchoolDay: Bool)]) -> [String] {
        guard let first = days.first, let last = days.last else { return [] }
        return CompactAnswer.packed(
            "Lunch \(first.date.shortName) – \(last.date.shortName): ",
            days.map { "\($0.date.weekday.name.prefix(3)) \(summary($0.menu, isSchoolDay: $0.isSchoolDay))" },
            separator: " | ")
    }
}
