import CivilDates
import HomeroomCore

/// Finds the day or week a question names, in one language: `tomorrow`, `this thursday`,
/// `next week`, `el viernes`, `12/3`, `dec 3`, `3 de diciembre`, `in 3 days`, `dentro de tres días`.
struct DayReader: Sendable {
    /// A day or week found, and the words it took.
    struct Found: Sendable, Equatable {
        /// What it means.
        var meaning: LanguageWords.DayMeaning
        /// The date, for a meaning that is one day.
        var date: LocalDate?
        /// The positions of its words.
        var positions: Range<Int>
        /// The positions of the words that name the day itself: all of them but a leading word
        /// such as `on` or `this`, which a question's phrase may also use (`what's going on friday`).
        var core: Range<Int>
    }

    /// A phrase's words, its meaning, and how many of its first words are a leading word outside its core.
    private struct Phrase {
        var words: [String]
        var meaning: LanguageWords.DayMeaning
        var leading: Int
    }

    /// The phrases by their first word, longest first.
    private let phrases: [String: [Phrase]]
    private let months: [String: Int]
    private let connectors: Set<String>
    /// The words before a day of the month alone, and whether the day must be an ordinal after them.
    private let dayOfMonthPrefixes: [(words: [String], ordinalOnly: Bool)]
    private let dayOfMonthFirstWords: Set<String>
    /// Number words that name a day beside a month (`seventh of december`, `siete de diciembre`).
    private let dayWords: [String: Int]

    /// The most days ahead "in N days" reads.
    static let farthestDaysAhead = 31

    /// A reader of the days of `languages`: the first one's words win where two spell a phrase alike,
    /// and a message that mixes them (`lunch mañana`) is read too.
    init(_ languages: [LanguageWords]) {
        var phrases: [[String]: Phrase] = [:]
        func add(_ phrase: String, _ meaning: LanguageWords.DayMeaning, leading: String = "") {
            let words = PlainText(leading + " " + phrase).words.map(\.folded)
            let leadingWords = PlainText(leading).words.count
            if !words.isEmpty, phrases[words] == nil {
                phrases[words] = Phrase(words: words, meaning: meaning, leading: leadingWords)
            }
        }
        for language in languages {
            for (phrase, meaning) in language.dayPhrases { add(phrase, meaning) }
            for (index, names) in language.weekdays.enumerated() {
                guard let weekday = Weekday(rawValue: index + 1) else { continue }
                for name in names {
                    for prefix in language.followingWeekdayPrefixes { add(prefix + " " + name, .following(weekday)) }
                    for suffix in language.followingWeekdaySuffixes { add(name + " " + suffix, .following(weekday)) }
                    for prefix in language.upcomingWeekdayPrefixes { add(name, .upcoming(weekday), leading: prefix) }
                    add(name, .upcoming(weekday))
                }
            }
            let counts = Dictionary(
                (0...Self.farthestDaysAhead).map { (String($0), $0) }
                    + language.numbers.filter { $0.value <= Self.farthestDaysAhead }.map { ($0.key, $0.value) },
                uniquingKeysWith: { first, _ in first })
            for template in language.daysFromNow {
                for (written, count) in counts {
                    add(template.replacingOccurrences(of: "#", with: written), .offset(count))
                }
            }
        }
        self.phrases = Dictionary(grouping: phrases.values, by: { $0.words[0] })
            .mapValues { group in
                group.sorted {
                    $0.words.count != $1.words.count
                        ? $0.words.count > $1.words.count : $0.words.lexicographicallyPrecedes($1.words)
                }
            }
        var months: [String: Int] = [:]
        for language in languages.reversed() {
            for (index, names) in language.months.enumerated() {
                for name in names { months[PlainText.folded(name)] = index + 1 }
            }
        }
        self.months = months
        connectors = Set(languages.flatMap(\.dateConnectors).map(PlainText.folded))
        dayOfMonthPrefixes = languages.flatMap { language in
            language.dayOfMonth.prefixes.map { (PlainText($0).words.map(\.folded), language.dayOfMonth.ordinalOnly) }
        }
        .sorted { $0.words.count > $1.words.count }
        dayOfMonthFirstWords = Set(dayOfMonthPrefixes.compactMap(\.words.first))
        dayWords = Dictionary(
            languages.flatMap(\.numbers).filter { (1...31).contains($0.value) }
                .map { (PlainText.folded($0.key), $0.value) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The first day or week named in `words` (read spellings), with `today` for what it is relative to.
    func find(in words: [String], today: LocalDate) -> Found? {
        var index = 0
        while index < words.count {
            if let found = match(at: index, in: words, today: today) {
                if found.meaning != .notADay { return found }
                index = found.positions.upperBound
            } else {
                index += 1
            }
        }
        return nil
    }

    private func match(at start: Int, in words: [String], today: LocalDate) -> Found? {
        let first = words[start]
        guard let candidates = phrases[first] else {
            let startsWithDigit = first.utf8.first.map { (0x30...0x39).contains($0) } ?? false
            return startsWithDigit || months[first] != nil || dayOfMonthFirstWords.contains(first)
                || dayWords[first] != nil
                ? written(at: start, in: words, today: today) : nil
        }
        for phrase in candidates where words[start...].starts(with: phrase.words) {
            let end = start + phrase.words.count
            return Found(
                meaning: phrase.meaning, date: date(of: phrase.meaning, today: today), positions: start..<end,
                core: start + phrase.leading..<end)
        }
        return written(at: start, in: words, today: today)
    }

    /// A date written with digits or a month name, or "in N days".
    private func written(at start: Int, in words: [String], today: LocalDate) -> Found? {
        let word = words[start]
        // "the 3rd", "el día 5": the next date with that day of the month, today included.
        for (prefix, ordinalOnly) in dayOfMonthPrefixes where words[start...].starts(with: prefix) {
            let at = start + prefix.count
            guard at < words.count, let day = Self.dayNumber(words[at]),
                !ordinalOnly || words[at].contains(where: \.isLetter),
                at + 1 == words.count || months[words[at + 1]] == nil && !connectors.contains(words[at + 1])
            else { continue }
            var month = LocalDate(year: today.year, month: today.month, day: 1)!
            if day < today.day { month = month.adding(days: 31).firstOfMonth }
            guard let date = LocalDate(year: month.year, month: month.month, day: day) else { return nil }
            return Found(
                meaning: .offset(today.days(until: date)), date: date, positions: start..<at + 1, core: at..<at + 1)
        }
        if word.first?.isNumber == true, word.contains("/") || word.contains("-") {
            if let (date, _) = DateExpression.parse(prefixOf: [word][...], today: today) {
                return Found(
                    meaning: .offset(today.days(until: date)), date: date, positions: start..<start + 1,
                    core: start..<start + 1)
            }
            return nil
        }
        // "dec 3", "december 3rd", "3 dec", "3 de diciembre", "the 3rd of december".
        // Beside a month, a day may be written in words: "december seventh", "siete de diciembre".
        if let month = months[word], start + 1 < words.count,
            let day = Self.dayNumber(words[start + 1]) ?? dayWords[words[start + 1]]
        {
            return monthDay(month, day, today: today, positions: start..<start + 2)
        }
        if let day = Self.dayNumber(word) ?? dayWords[word] {
            var next = start + 1
            while next < words.count, connectors.contains(words[next]), next - start <= 2 { next += 1 }
            if next < words.count, let month = months[words[next]] {
                return monthDay(month, day, today: today, positions: start..<next + 1)
            }
        }
        return nil
    }

    private func monthDay(_ month: Int, _ day: Int, today: LocalDate, positions: Range<Int>) -> Found? {
        guard let (date, _) = DateExpression.parse(prefixOf: ["\(month)/\(day)"][...], today: today) else {
            return nil
        }
        return Found(meaning: .offset(today.days(until: date)), date: date, positions: positions, core: positions)
    }

    /// `3`, `3rd`, `1st`, `22nd`, `3ro`: a day of a month.
    private static func dayNumber(_ word: String) -> Int? {
        let digits = word.prefix { $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2, let day = Int(digits), (1...31).contains(day) else { return nil }
        let rest = word.dropFirst(digits.count)
        return ["", "st", "nd", "rd", "th", "ro", "o", "er"].contains(String(rest)) ? day : nil
    }

    private func date(of meaning: LanguageWords.DayMeaning, today: LocalDate) -> LocalDate? {
        switch meaning {
        case .offset(let days): today.adding(days: days)
        case .upcoming(let weekday): today.adding(days: (weekday.rawValue - today.weekday.rawValue + 7) % 7)
        case .following(let weekday):
            today.adding(days: (weekday.rawValue - today.weekday.rawValue + 6) % 7 + 1)
        case .thisWeek, .nextWeek, .notADay: nil
        }
    }
}

extension LocalDate {
    /// The first day of this date's month.
    fileprivate var firstOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }
}
