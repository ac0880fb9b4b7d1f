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

    /// Reads the typed words (`tokens`); a short error naming the part that is wrong, in the
    /// language of `words`.
    init(_ tokens: [String], today: LocalDate, _ words: Words) throws(UserFacingError) {
        guard let (date, used) = DateExpression.parse(prefixOf: tokens[...], today: today) else {
            throw UserFacingError(
                words(
                    "start with the date: {iso}, {month}, {weekday} or {relative}",
                    ["iso": "2026-12-03", "month": "dec 3", "weekday": "friday", "relative": "tomorrow"]))
        }
        guard date >= today else { throw UserFacingError(words("{date} has passed", ["date": words.date(date)])) }
        self.date = date
        var rest = Array(tokens.dropFirst(used))
        guard let typed = rest.first, let time = ClockTime(parsing: typed) else {
            throw UserFacingError(
                words("after the date comes the time, like {time} or {other}", ["time": "15:30", "other": "3:30pm"]))
        }
        (hour, minute) = (time.hour, time.minute)
        rest.removeFirst()
        guard let title = rest.first, !Self.keywords.contains(title.lowercased()) else {
            throw UserFacingError(words("after the time comes the title, in quotes: \"Robotics meetup\""))
        }
        self.title = title
        rest.removeFirst()
        while let keyword = rest.first?.lowercased() {
            rest.removeFirst()
            let part = Array(rest.prefix { !Self.keywords.contains($0.lowercased()) })
            rest.removeFirst(part.count)
            guard !part.isEmpty else {
                throw UserFacingError(words("\"{keyword}\" needs something after it", ["keyword": keyword]))
            }
            switch keyword {
            case "at": place = part.joined(separator: " ")
            case "in": circle = part.joined(separator: " ").lowercased()
            case "for":
                guard let length = Self.minutes(part) else {
                    throw UserFacingError(
                        words(
                            "\"{keyword}\" takes a length like {minutes} or {hours}",
                            ["keyword": "for", "minutes": "90 min", "hours": "2 hours"]))
                }
                minutes = length
            default:
                throw UserFacingError(
                    words(
                        "I don't know \"{keyword}\" here — use {at} PLACE, {for} {length}, {in} CIRCLE",
                        ["keyword": keyword, "at": "at", "for": "for", "length": "90 min", "in": "in"]))
            }
        }
    }

    /// `90 min`, `90min`, `2 hours`, `1.5 h`: 1 minute to 24 hours.
    static func minutes(_ tokens: [String]) -> Int? {
        let text = tokens.joined().lowercased()
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
