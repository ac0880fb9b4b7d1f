import CivilDates
import Foundation
import HomeroomCore

/// What `/event add` reads: `2026-12-03 15:30 "Robotics meetup" at B-201 for 90 min in robotics`.
struct EventRequest: Equatable {
    var date: LocalDate
    var hour: Int
    var minute: Int
    var title: String
    var place: String?
    var minutes = 60
    var circle: String?

    /// The words after the keywords that end a part.
    private static let keywords: Set<String> = ["at", "for", "in"]

    /// Reads the words; a short error naming the part that is wrong.
    init(_ words: [String], today: LocalDate) throws(UserFacingError) {
        guard let (date, used) = DateExpression.parse(prefixOf: words[...], today: today) else {
            throw UserFacingError("start with the date: 2026-12-03, dec 3, friday or tomorrow")
        }
        guard date >= today else { throw UserFacingError("\(date.longName) has passed") }
        self.date = date
        var rest = Array(words.dropFirst(used))
        guard let typed = rest.first, let time = ClockTime(parsing: typed) else {
            throw UserFacingError("after the date comes the time, like 15:30 or 3:30pm")
        }
        (hour, minute) = (time.hour, time.minute)
        rest.removeFirst()
        guard let title = rest.first, !Self.keywords.contains(title.lowercased()) else {
            throw UserFacingError("after the time comes the title, in quotes: \"Robotics meetup\"")
        }
        self.title = title
        rest.removeFirst()
        while let keyword = rest.first?.lowercased() {
            rest.removeFirst()
            let part = Array(rest.prefix { !Self.keywords.contains($0.lowercased()) })
            rest.removeFirst(part.count)
            guard !part.isEmpty else { throw UserFacingError("\"\(keyword)\" needs something after it") }
            switch keyword {
            case "at": place = part.joined(separator: " ")
            case "in": circle = part.joined(separator: " ").lowercased()
            case "for":
                guard let length = Self.minutes(part) else {
                    throw UserFacingError("\"for\" takes a length like 90 min or 2 hours")
                }
                minutes = length
            default: throw UserFacingError("I don't know \"\(keyword)\" here — use at PLACE, for 90 min, in CIRCLE")
            }
        }
    }

    /// `90 min`, `90min`, `2 hours`, `1.5 h`: 1 minute to 24 hours.
    static func minutes(_ words: [String]) -> Int? {
        let text = words.joined().lowercased()
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(number.count)
        guard let value = Double(number) else { return nil }
        let minutes: Double
        switch unit {
        case "", "m", "min", "mins", "minute", "minutes": minutes = value
        case "h", "hr", "hrs", "hour", "hours": minutes = value * 60
        default: return nil
        }
        guard minutes >= 1, minutes <= 24 * 60 else { return nil }
        return Int(minutes.rounded())
    }
}
