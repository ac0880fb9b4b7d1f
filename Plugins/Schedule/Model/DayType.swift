import Foundation
import HomeroomCore

/// A day type an admin defines (`regular`, `minimum day`, `assembly`): named periods with times.
struct DayType: Sendable, Equatable {
    /// One period of the day type, in minutes after midnight.
    struct Slot: Sendable, Equatable {
        var name: String
        var startMinute: Int
        var endMinute: Int

        /// `8:00-8:50 Period 1`.
        var text: String { "\(Self.clock(startMinute))-\(Self.clock(endMinute)) \(name)" }

        static func clock(_ minute: Int) -> String {
            let hour = minute / 60
            let rest = minute % 60
            return "\(hour):\(rest < 10 ? "0" : "")\(rest)"
        }

        /// Reads `8:00-8:50 Period 1` (24-hour times; the end after the start); what is wrong with it
        /// is said in the language of `words`.
        init(parsing text: String, _ words: Words) throws(UserFacingError) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let space = trimmed.firstIndex(of: " ") else {
                throw UserFacingError(
                    words(
                        "\"{text}\" needs times and a name, like \"{example}\"",
                        ["text": text, "example": "8:00-8:50 Period 1"]))
            }
            let times = trimmed[..<space].split(separator: "-")
            let name = trimmed[space...].trimmingCharacters(in: .whitespaces)
            guard times.count == 2, let start = Self.minute(times[0]), let end = Self.minute(times[1]), !name.isEmpty
            else {
                throw UserFacingError(
                    words(
                        "\"{text}\" needs times like {example} (24-hour) before the name",
                        ["text": text, "example": "8:00-8:50"]))
            }
            guard end > start else { throw UserFacingError(words("\"{text}\" ends before it starts", ["text": text])) }
            self.init(name: name, startMinute: start, endMinute: end)
        }

        init(name: String, startMinute: Int, endMinute: Int) {
            self.name = name
            self.startMinute = startMinute
            self.endMinute = endMinute
        }

        private static func minute(_ text: Substring) -> Int? {
            let parts = text.split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
                (0...23).contains(hour), (0...59).contains(minute)
            else { return nil }
            return hour * 60 + minute
        }
    }

    var name: String
    var slots: [Slot]
}
