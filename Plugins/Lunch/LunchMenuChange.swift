import CivilDates
import Foundation
import HomeroomCore

/// What `/lunch set` asks to change: a date and the fields given; fields not given keep their value.
/// An empty value empties a field: `specials ""` lists no specials, `fries ""` leaves fries unsaid.
struct LunchMenuChange: Equatable {
    var date: LocalDate
    var specials: [String]?
    var vegetables: [String]?
    /// Yes, no, or nil for "not said" (an empty value); nil when not given.
    var fries: Bool??

    /// The fields `/lunch set` takes, as the user types them.
    static let fieldNames = ["specials", "vegetables", "fries"]

    /// Reads `[DATE] specials "A; B" vegetables "C" fries yes|no`; a problem is told in the
    /// language of `words`.
    init(arguments: [String], today: LocalDate, _ words: Words) throws(UserFacingError) {
        var tokens = arguments[...]
        let fields = words.items(Self.fieldNames)
        date = today
        if let first = tokens.first, LunchMenuChange.field(named: first) == nil {
            guard let (parsed, count) = DateExpression.parse(prefixOf: tokens, today: today) else {
                throw UserFacingError(
                    words("\"{word}\" is neither a date nor a field ({fields})", ["word": first, "fields": fields]))
            }
            date = parsed
            tokens = tokens.dropFirst(count)
        }
        guard !tokens.isEmpty else {
            throw UserFacingError(words("say what to set: {fields}", ["fields": fields]))
        }
        var seen: Set<String> = []
        while let name = tokens.popFirst() {
            guard let field = LunchMenuChange.field(named: name) else {
                throw UserFacingError(
                    words("unknown field \"{name}\" — the fields are {fields}", ["name": name, "fields": fields]))
            }
            guard seen.insert(field).inserted else {
                throw UserFacingError(words("{field} is given twice", ["field": field]))
            }
            guard let value = tokens.popFirst() else {
                throw UserFacingError(words("{field} needs a value", ["field": field]))
            }
            switch field {
            case "specials": specials = Self.items(value)
            case "vegetables": vegetables = Self.items(value)
            default:
                if value.trimmingCharacters(in: .whitespaces).isEmpty {
                    fries = .some(nil)
                } else if let answer = Self.yesOrNo(value) {
                    fries = answer
                } else {
                    throw UserFacingError(
                        words(
                            "{field} is {yes} or {no}, not \"{value}\"",
                            ["field": "fries", "yes": "yes", "no": "no", "value": value]))
                }
            }
        }
    }

    /// The menu after this change is applied to `existing`.
    func applied(to existing: LunchMenu?) -> LunchMenu {
        var menu = existing ?? LunchMenu(date: date)
        if let specials { menu.specials = specials }
        if let vegetables { menu.vegetables = vegetables }
        if let fries { menu.fries = fries }
        return menu
    }

    /// The change in words, for the audit log.
    var summary: String {
        var parts: [String] = []
        if let specials { parts.append("specials=\(specials.joined(separator: "; "))") }
        if let vegetables { parts.append("vegetables=\(vegetables.joined(separator: "; "))") }
        if let fries { parts.append("fries=\(fries.map { $0 ? "yes" : "no" } ?? "")") }
        return "\(date.iso): \(parts.joined(separator: ", "))"
    }

    private static func field(named name: String) -> String? {
        switch name.lowercased() {
        case "specials", "special", "entrees", "entree", "mains": "specials"
        case "vegetables", "vegetable", "veg", "veggies": "vegetables"
        case "fries": "fries"
        default: nil
        }
    }

    /// `"Chicken tacos; Veggie pizza"` → two items; blanks dropped, so `""` clears the field.
    static func items(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    /// yes/no in the forms people and spreadsheets write.
    static func yesOrNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "y", "true", "1", "on": true
        case "no", "n", "false", "0", "off": false
        default: nil
        }
    }
}
