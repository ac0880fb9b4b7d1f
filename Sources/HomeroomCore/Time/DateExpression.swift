import CivilDates

/// Reads the dates people type: `today`, `tomorrow`, `yesterday`, `friday`, `next friday`,
/// `2026-12-03`, `12/3`, `12/3/2026`, `dec 3`, `3 december`.
public enum DateExpression {
    /// The text is not a date this reader understands.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        /// What was typed.
        public let text: String
        public var description: String { message(in: .english) }

        /// The problem in `language`, with the forms this reader takes (which stay English: they
        /// are what to type).
        public func message(in language: Language) -> String {
            let words = Words(.core, language)
            return words(
                "I can't read \"{text}\" as a date — try {iso}, {slashed}, {monthDay}, {tomorrow} or {weekday}",
                [
                    "text": text, "iso": "2026-12-03", "slashed": "12/3", "monthDay": "dec 3", "tomorrow": "tomorrow",
                    "weekday": "friday",
                ])
        }
    }

    /// The number of words at the start of `tokens` that form a date, and that date; nil when they form none.
    ///
    /// A weekday means the next such day, today included. A date without a year means the next
    /// such date, today included, unless it lies more than 2 months in the past (then it is this year's).
    public static func parse(prefixOf tokens: ArraySlice<String>, today: LocalDate) -> (
        date: LocalDate, wordCount: Int
    )? {
        guard let first = tokens.first?.lowercased() else { return nil }
        if tokens.count >= 2, first == "next", let day = Weekday(name: tokens[tokens.startIndex + 1]) {
            let date = upcoming(day, from: today)
            return (date == today ? today.adding(days: 7) : date, 2)
        }
        if tokens.count >= 2, let date = monthAndDay(first, tokens[tokens.startIndex + 1].lowercased(), today: today) {
            return (date, 2)
        }
        guard let date = single(first, today: today) else { return nil }
        return (date, 1)
    }

    /// Parses a whole text as one date.
    public static func parse(_ text: String, today: LocalDate) throws(Unreadable) -> LocalDate {
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let (date, count) = parse(prefixOf: tokens[...], today: today), count == tokens.count else {
            throw Unreadable(text: text)
        }
        return date
    }

    private static func single(_ word: String, today: LocalDate) -> LocalDate? {
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let day = Weekday(name: word) { return upcoming(day, from: today) }
        if let date = LocalDate(iso: word) { return date }
        return slashed(word, today: today)
    }

    private static func upcoming(_ day: Weekday, from today: LocalDate) -> LocalDate {
        today.adding(days: (day.rawValue - today.weekday.rawValue + 7) % 7)
    }

    /// `12/3` or `12/3/2026` (month first, as US schools write dates).
    private static func slashed(_ word: String, today: LocalDate) -> LocalDate? {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2 || parts.count == 3, let month = parts[0], let day = parts[1] else { return nil }
        if parts.count == 3 {
            guard var year = parts[2] else { return nil }
            if year < 100 { year += 2000 }
            return LocalDate(year: year, month: month, day: day)
        }
        return nearest(month: month, day: day, today: today)
    }

    private static func monthAndDay(_ first: String, _ second: String, today: LocalDate) -> LocalDate? {
        if let month = monthNumber(first), let day = Int(second.trimmingSuffix()) {
            return nearest(month: month, day: day, today: today)
        }
        if let month = monthNumber(second), let day = Int(first.trimmingSuffix()) {
            return nearest(month: month, day: day, today: today)
        }
        return nil
    }

    private static func monthNumber(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        let word = word.hasSuffix(".") ? String(word.dropLast()) : word
        return LocalDate.monthNames.firstIndex { $0.lowercased().hasPrefix(word) }.map { $0 + 1 }
    }

    private static func nearest(month: Int, day: Int, today: LocalDate) -> LocalDate? {
        guard let thisYear = LocalDate(year: today.year, month: month, day: day) else {
            return LocalDate(year: today.year + 1, month: month, day: day)
        }
        if today.days(until: thisYear) < -61, let next = LocalDate(year: today.year + 1, month: month, day: day) {
            return next
        }
        return thisYear
    }
}

extension String {
    /// `3rd` → `3`: drops an English ordinal suffix.
    fileprivate func trimmingSuffix() -> String {
        for suffix in ["st", "nd", "rd", "th"] where hasSuffix(suffix) { return String(dropLast(2)) }
        return self
    }
}
