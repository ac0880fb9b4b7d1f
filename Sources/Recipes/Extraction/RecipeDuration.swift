import Foundation

/// Reads the durations recipes give: ISO 8601 (`PT1H30M`, `P0DT0H45M`, `PT90M`) and the text
/// some pages put instead ("1 hour 30 mins", "45 minutes", "12-15 minutes" meaning the longer).
enum RecipeDuration {
    /// A duration longer than ``RecipeLimits/maximumMinutes`` (or too large to count).
    struct OutOfRange: Error {}

    /// Whole minutes, rounded up; nil when the text is not a duration or is zero. Text longer than
    /// ``RecipeLimits/maximumShortTextLength`` is no duration.
    static func minutes(_ text: String) throws(OutOfRange) -> Int? {
        guard text.utf8.count <= RecipeLimits.maximumShortTextLength else { return nil }
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if let number = Int(text) { return try checked(Double(number)) }
        if let dash = text.firstIndex(of: "-"), !text.hasPrefix("P") { text = text[text.index(after: dash)...] }
        if let to = text.range(of: " to ") { text = text[to.upperBound...] }
        if text.hasPrefix("P"), let seconds = iso8601Seconds(text) {
            return try checked((seconds / 60).rounded(.up))
        }
        guard let minutes = spelledMinutes(text) else { return nil }
        return try checked(minutes.rounded())
    }

    /// `minutes` as an `Int` when it is positive and within the limit; nil when it is zero or less.
    private static func checked(_ minutes: Double) throws(OutOfRange) -> Int? {
        guard minutes > 0 else { return nil }
        guard minutes <= Double(RecipeLimits.maximumMinutes), let whole = Int(exactly: minutes) else {
            throw OutOfRange()
        }
        return whole
    }

    /// Seconds of `PnDTnHnMnS` (weeks, years and months too, counted as 7, 365 and 30 days).
    private static func iso8601Seconds(_ text: Substring) -> Double? {
        var total = 0.0
        var number = ""
        var inTime = false
        var sawUnit = false
        for character in text.dropFirst().uppercased() {
            switch character {
            case "T": inTime = true
            case "0"..."9", ".", ",": number.append(character == "," ? "." : character)
            default:
                guard let value = Double(number) else { return nil }
                let unit: Double? =
                    switch (character, inTime) {
                    case ("Y", false): 365 * 86400
                    case ("M", false): 30 * 86400
                    case ("W", false): 7 * 86400
                    case ("D", false): 86400
                    case ("H", true): 3600
                    case ("M", true): 60
                    case ("S", true): 1
                    default: nil
                    }
                guard let unit else { return nil }
                total += value * unit
                number = ""
                sawUnit = true
            }
        }
        return sawUnit && number.isEmpty ? total : nil
    }

    /// Minutes of "1 hour 30 mins", "1½ hours", "45 min", "2 days", not yet rounded.
    private static func spelledMinutes(_ text: Substring) -> Double? {
        let pattern =
            #/(?i)(\d+(?:[.,]\d+)?\s*[½¼¾⅓⅔]?|[½¼¾⅓⅔])\s*(days?|d\b|hours?|hrs?|h\b|minutes?|mins?|m\b|seconds?|secs?|s\b)/#
        var total = 0.0
        var found = false
        for match in text.matches(of: pattern) {
            guard let value = number(match.output.1) else { continue }
            let unit = match.output.2.lowercased()
            let factor: Double =
                unit.hasPrefix("d") ? 1440 : unit.hasPrefix("h") ? 60 : unit.hasPrefix("s") ? 1.0 / 60 : 1
            total += value * factor
            found = true
        }
        return found ? total : nil
    }

    private static let vulgarFractions: [Character: Double] = ["½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3]

    private static func number(_ text: Substring) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let last = trimmed.last, let fraction = vulgarFractions[last] {
            return (Double(trimmed.dropLast().trimmingCharacters(in: .whitespaces)) ?? 0) + fraction
        }
        return Double(trimmed.replacingOccurrences(of: ",", with: "."))
    }
}
