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
        guard let menu, !menu.isEmpty else {
            return "\(date.shortName): \(isSchoolDay ? "no menu posted" : "no school")"
        }
        var parts: [String] = []
        if !menu.specials.isEmpty { parts.append(menu.specials.joined(separator: ", ")) }
        if !menu.vegetables.isEmpty { parts.append(menu.vegetables.joined(separator: ", ")) }
        if let fries = menu.fries { parts.append(fries ? "fries" : "no fries") }
        return "\(date.shortName): \(parts.joined(separator: " · "))"
    }
}
