/// An RRULE value (RFC 5545 §3.3.10), every part.
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: Int, Sendable, Comparable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A BYDAY entry: a weekday (ISO, 1 = Monday) and, in MONTHLY and YEARLY rules, which one of the
    /// month or year (`-1` for the last; 0 for every one).
    public struct WeekdayNumber: Hashable, Sendable {
        public var ordinal: Int
        public var weekday: Int
    }

    public var frequency: Frequency
    public var interval = 1
    public var count: Int?
    public var until: CalendarTime?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNumber] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNumber: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPosition: [Int] = []
    /// ISO weekday the week starts on (1 = Monday, the default).
    public var weekStart = 1

    public init(frequency: Frequency) {
        self.frequency = frequency
    }

    /// Reads `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=…`. Unknown `X-` parts are ignored; anything else
    /// unknown or out of range is an error.
    public init(parsing text: String) throws(ICalendarError) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1)
            let name = pair[0].trimmingCharacters().uppercased()
            let value = pair.count > 1 ? pair[1].trimmingCharacters() : ""
            // Each list keeps its first of each value (found in a set), and may have no more entries than
            // its part has values: a longer one repeats some, and is refused before it is split further.
            func entries(atMost limit: Int) throws(ICalendarError) -> [Substring] {
                let items = value.split(separator: ",", maxSplits: limit)
                guard items.count <= limit else {
                    throw ICalendarError(line: nil, "\(name) has more than \(limit) entries")
                }
                return items
            }
            func numbers(_ range: ClosedRange<Int>, allowZero: Bool = false) throws(ICalendarError) -> [Int] {
                var result: [Int] = []
                var seen = Set<Int>()
                for item in try entries(atMost: range.count) {
                    guard let number = Int(item.trimmingASCIISpaces()), range.contains(number), allowZero || number != 0
                    else {
                        throw ICalendarError(
                            line: nil, "\(name) value \(ICalendarError.quoted(item)) is out of range \(range)")
                    }
                    if seen.insert(number).inserted { result.append(number) }
                }
                guard !result.isEmpty else { throw ICalendarError(line: nil, "\(name) has no value") }
                return result
            }
            switch name {
            case "FREQ":
                guard let parsed = Self.frequencies[value.uppercased()] else {
                    throw ICalendarError(line: nil, "unknown FREQ \(ICalendarError.quoted(value))")
                }
                frequency = parsed
            case "INTERVAL":
                // Any INTERVAL past the largest one used reads the same: only DTSTART is in range.
                guard let number = Self.clampedNumber(value, limit: CalendarLimits.maximumInterval), number >= 1 else {
                    throw ICalendarError(
                        line: nil, "INTERVAL must be a positive number, not \(ICalendarError.quoted(value))")
                }
                rule.interval = number
            case "COUNT":
                // A COUNT past the largest integer never ends the rule before year 9999 does.
                guard let number = Self.clampedNumber(value, limit: Int.max) else {
                    throw ICalendarError(line: nil, "COUNT must be a number, not \(ICalendarError.quoted(value))")
                }
                // Some producers write COUNT=-1 for "no count".
                rule.count = number >= 0 ? number : nil
            case "UNTIL":
                guard let until = CalendarTime.parse(Substring(value)) else {
                    throw ICalendarError(line: nil, "UNTIL \(ICalendarError.quoted(value)) is not a date or date-time")
                }
                rule.until = until
            case "BYSECOND": rule.bySecond = try numbers(0...60, allowZero: true)
            case "BYMINUTE": rule.byMinute = try numbers(0...59, allowZero: true)
            case "BYHOUR": rule.byHour = try numbers(0...23, allowZero: true)
            case "BYMONTHDAY": rule.byMonthDay = try numbers(-31...31)
            case "BYYEARDAY": rule.byYearDay = try numbers(-366...366)
            case "BYWEEKNO": rule.byWeekNumber = try numbers(-53...53)
            case "BYMONTH": rule.byMonth = try numbers(1...12)
            case "BYSETPOS": rule.bySetPosition = try numbers(-366...366)
            case "WKST":
                guard let weekday = Self.weekdays[value.uppercased()] else {
                    throw ICalendarError(line: nil, "WKST \(ICalendarError.quoted(value)) is not a weekday")
                }
                rule.weekStart = weekday
            case "BYDAY":
                var seen = Set(rule.byDay)
                // Each weekday, alone or as one of the first or last 53.
                for item in try entries(atMost: 7 * 107) {
                    // Read in place, without a new string per entry: a list may have a million.
                    let entry = item.trimmingASCIISpaces()
                    guard let weekday = Self.weekday(endingWith: entry.utf8) else {
                        throw ICalendarError(line: nil, "BYDAY entry \(ICalendarError.quoted(item)) is not a weekday")
                    }
                    let prefix = entry.utf8.dropLast(2)
                    var ordinal = 0
                    if !prefix.isEmpty {
                        guard let number = Int(Substring(prefix)), number != 0, (-53...53).contains(number)
                        else {
                            throw ICalendarError(
                                line: nil, "BYDAY entry \(ICalendarError.quoted(item)) has a bad number")
                        }
                        ordinal = number
                    }
                    let weekdayNumber = WeekdayNumber(ordinal: ordinal, weekday: weekday)
                    if seen.insert(weekdayNumber).inserted { rule.byDay.append(weekdayNumber) }
                }
            default:
                if name.hasPrefix("X-") { continue }
                throw ICalendarError(line: nil, "unsupported recurrence rule part \(ICalendarError.quoted(name))")
            }
        }
        guard let frequency else { throw ICalendarError(line: nil, "a recurrence rule needs FREQ") }
        rule.frequency = frequency
        self = rule
    }

    /// A whole number, optionally signed; one past `limit` (of any length of digits) reads as `limit`.
    private static func clampedNumber(_ text: String, limit: Int) -> Int? {
        if let number = Int(text) { return Swift.min(number, limit) }
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return limit
    }

    private static let frequencies: [String: Frequency] = [
        "SECONDLY": .secondly, "MINUTELY": .minutely, "HOURLY": .hourly, "DAILY": .daily, "WEEKLY": .weekly,
        "MONTHLY": .monthly, "YEARLY": .yearly,
    ]

    static let weekdays: [String: Int] = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]

    /// The ISO weekday of the two letters (any case) that `text` ends with: `MO` is 1.
    private static func weekday(endingWith text: Substring.UTF8View) -> Int? {
        guard text.count >= 2 else { return nil }
        // Clearing bit 5 upper-cases an ASCII letter and makes no other byte a letter.
        let second = text[text.index(before: text.endIndex)] & 0xDF
        let first = text[text.index(text.endIndex, offsetBy: -2)] & 0xDF
        for (index, name) in weekdayNames.enumerated() where name[0] == first && name[1] == second {
            return index + 1
        }
        return nil
    }

    /// `MO` … `SU` as bytes, Monday first.
    private static let weekdayNames = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].map { Array($0.utf8) }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(self).trimmingASCIISpaces()
    }
}
