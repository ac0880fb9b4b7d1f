import CivilDates
import Foundation
import HomeroomCore

/// Reads plain questions in one language against the questions the plugins declared in it.
///
/// A message is cut into words (``PlainText``); chat spellings and misspellings are read as the
/// words they stand for; the day it names is found (``DayReader``); then each question scores
/// the weights of its phrases found in the rest, and the best one gives the command, with the
/// day, number or words its argument takes. Everything is deterministic: the same text always
/// reads the same.
final class LanguageReader: Sendable {
    /// A question's score in one message.
    struct Candidate: Sendable {
        /// The question's index.
        var question: Int
        /// The sum of its matched phrases' weights, and the bonus for a day it takes.
        var score: Int
        /// The part of ``score`` its keywords gave.
        var keywordScore: Int
        /// How many words its phrases matched.
        var matched: Int
        /// The command with its argument.
        var command: String
        /// The phrases it matched, for the explanation.
        var phrases: [String]
        /// Words of the message it leaves unread: neither its phrases, its argument, the day nor filler.
        var ignored: [String]
        /// True when the day found went into its argument.
        var tookTheDay: Bool
        /// True when it changes something.
        var changes: Bool

        /// True when it ranks before `other`: a higher score, then more of it from keywords, then
        /// fewer words left unread, then the day taken, then changing nothing, then more words
        /// matched, then declared first.
        func ranks(before other: Candidate) -> Bool {
            rank != other.rank ? rank > other.rank : question < other.question
        }

        /// What ranks it, but the order of declaration.
        var rank: (Int, Int, Int, Int, Int, Int) {
            (score, keywordScore, -ignored.count, tookTheDay ? 1 : 0, changes ? 0 : 1, matched)
        }
    }

    /// What one message gave in this language.
    struct Result: Sendable {
        /// The questions that scored, best first.
        var candidates: [Candidate]
        /// How many of its words this language knows.
        var knownWords: Int
        /// How many of its words are not fillers.
        var contentWords: Int
        /// A greeting was found.
        var greeted: Bool
        /// Thanks were found.
        var thanked: Bool
        /// How it was read, a line per step.
        var why: [String]
    }

    let language: LanguageWords
    let questions: [CompiledQuestion]
    private let phrases: [String: [QuestionPhrase]]
    private let fillers: Set<String>
    /// The fillers of every language, which no reading counts as a word it left unread.
    private let anyFillers: Set<String>
    private let numbers: [String: Int]
    private let shorthands: [String: String]
    private let borrowed: [String: String]
    private let clauseStarters: Set<String>
    /// The weekday and month names of every language read, folded.
    private let dayNames: Set<String>
    private let greetings: [String: [[String]]]
    private let thanks: [String: [[String]]]
    let yes: Set<[String]>
    let no: Set<[String]>
    private let corrector: SpellingCorrector
    private let digitWords: [String: String]
    private let dayUnits: Set<String>
    private let days: DayReader

    /// A reader of `language`'s questions; `others` lend their day words, for messages that mix languages.
    init(language: LanguageWords, questions: [CompiledQuestion], others: [LanguageWords] = []) {
        func words(_ phrase: String) -> [String] { PlainText(phrase).words.map(\.folded) }
        self.language = language
        self.questions = questions
        var phrases: [String: [QuestionPhrase]] = [:]
        // The words a misspelling may be read as: those that mean something; fillers are known, never targets.
        var known = Set<String>()
        for (index, compiled) in questions.enumerated() {
            let question = compiled.question
            // A glossed word (a place, a dish) points to the questions whose argument takes words, as a hint does.
            // Only the catalog's first question that takes words, changes nothing and needs nothing.
            var glossed: [String] = []
            let glossaryTarget = questions.firstIndex {
                guard case .words = $0.question.argument, $0.catalog == compiled.catalog else { return false }
                return !$0.changes && $0.question.needs.isEmpty
            }
            if index == glossaryTarget, case .words = question.argument {
                glossed = compiled.glossary.entries.filter { !$0.value.isEmpty }.keys.map { $0.joined(separator: " ") }
                    .sorted()
            }
            let lists = [
                (question.keywords, true, false), (question.needs, true, true),
                (question.hints + glossed, false, false),
            ]
            for (list, isKeyword, isNeeded) in lists {
                for phrase in list {
                    let cut = words(phrase)
                    guard let first = cut.first else { continue }
                    known.formUnion(cut)
                    phrases[first, default: []].append(
                        QuestionPhrase(
                            question: index, words: cut, weight: isKeyword ? 2 * cut.count : 1, isKeyword: isKeyword,
                            isNeeded: isNeeded))
                }
            }
        }
        // Longest phrases first, so that "next week" is tried before "next".
        self.phrases = phrases.mapValues { $0.sorted { $0.words.count > $1.words.count } }
        fillers = Set(language.fillers.map(PlainText.folded))
        anyFillers = fillers.union(others.flatMap(\.fillers).map(PlainText.folded))
        numbers = Dictionary(
            language.numbers.map { (PlainText.folded($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        shorthands = Dictionary(
            language.shorthands.map { (PlainText.folded($0.key), PlainText.folded($0.value)) },
            uniquingKeysWith: { first, _ in first })
        greetings = Dictionary(grouping: language.greetings.map(words).filter { !$0.isEmpty }, by: { $0[0] })
        thanks = Dictionary(grouping: language.thanks.map(words).filter { !$0.isEmpty }, by: { $0[0] })
        yes = Set(language.yes.map(words))
        no = Set(language.no.map(words))
        borrowed = Dictionary(
            language.borrowed.map { (PlainText.folded($0.key), PlainText.folded($0.value)) },
            uniquingKeysWith: { first, _ in first })
        clauseStarters = Set(language.clauseStarters.map(PlainText.folded))
        dayNames = Set(([language] + others).flatMap { $0.weekdays + $0.months }.joined().map(PlainText.folded))
        known.formUnion(shorthands.values)
        known.formUnion(borrowed.values)
        known.formUnion(numbers.keys)
        for phrase in greetings.values.joined() { known.formUnion(phrase) }
        for phrase in thanks.values.joined() { known.formUnion(phrase) }
        for (phrase, _) in language.dayPhrases { known.formUnion(words(phrase)) }
        for names in language.weekdays + language.months { known.formUnion(names.map(PlainText.folded)) }
        for prefix in language.upcomingWeekdayPrefixes + language.followingWeekdayPrefixes
            + language.followingWeekdaySuffixes
        {
            known.formUnion(words(prefix))
        }
        corrector = SpellingCorrector(targets: known.subtracting(fillers), alsoKnown: fillers)
        days = DayReader([language] + others)
        digitWords = language.digitWords
        // "2 days from now": a digit before the word of a count of days is that number.
        dayUnits = Set(
            language.daysFromNow.flatMap { template in
                template.split(separator: " ").drop { $0 != "#" }.dropFirst().prefix(1).map {
                    PlainText.folded(String($0))
                }
            })
    }

    /// The words of `text` as this language reads them: chat spellings and misspellings replaced.
    func words(of text: PlainText) -> [PlainText.Word] {
        text.words.enumerated().map { position, word in
            var word = word
            let beforeAWord =
                position + 1 < text.words.count && !text.words[position + 1].isNumeric
                && !dayUnits.contains(text.words[position + 1].folded)
            // A letter held down ("lunchhh", "plsss") counts twice at most: one slip more is a misspelling.
            let folded = word.isLetters ? Self.squeezingHeldLetters(word.folded) : word.folded
            if folded != word.folded { word.read = folded }
            if beforeAWord, let spelled = digitWords[folded] {
                word.read = spelled
            } else if let spelled = shorthands[folded] ?? borrowed[folded] {
                word.read = spelled
            } else if word.isLetters, let corrected = corrector.correction(of: folded) {
                word.read = corrected
            }
            return word
        }
    }

    /// `word` with each run of three or more of one ASCII letter cut to two.
    static func squeezingHeldLetters(_ word: String) -> String {
        var bytes = Array(word.utf8)
        guard bytes.count >= 3 else { return word }
        var kept = 0
        for byte in bytes where byte >= 0x80 || kept < 2 || bytes[kept - 1] != byte || bytes[kept - 2] != byte {
            bytes[kept] = byte
            kept += 1
        }
        guard kept < bytes.count else { return word }
        return String(decoding: bytes[..<kept], as: UTF8.self)
    }

    /// Reads `text`, with `today` for the days it names; says why only when `explaining`.
    func read(_ text: PlainText, today: LocalDate, explaining: Bool = false) -> Result {
        let words = self.words(of: text)
        let read = words.map(\.read)
        // Which words are fillers, looked up once: in this language, and in any.
        let isFiller = read.map { fillers.contains($0) }
        let isAnyFiller = words.indices.map {
            isFiller[$0] || anyFillers.contains(read[$0]) || anyFillers.contains(words[$0].folded)
        }
        var why: [String] = []
        if explaining {
            for word in words where word.read != word.folded {
                why.append("read \"\(word.typed)\" as \"\(word.read)\"")
            }
        }
        // Digits stay digits for the day ("december 4 so"), whatever chat word they may stand for.
        let day = days.find(in: words.map { $0.folded.allSatisfy(\.isNumber) ? $0.folded : $0.read }, today: today)
        // The day's words; its core alone is closed to the questions' phrases ("going on" of "going on friday").
        var dayPositions: UInt64 = 0
        var dayCore: UInt64 = 0
        if let day {
            for position in day.positions { dayPositions |= 1 << UInt64(position) }
            for position in day.core { dayCore |= 1 << UInt64(position) }
            let words = read[day.positions].joined(separator: " ")
            if explaining {
                why.append("the day: \"\(words)\" → \(Self.dayArgument(day, today: today, weeks: true) ?? "none")")
            }
        }
        var scores = [Int](repeating: 0, count: questions.count)
        var keywordScores = [Int](repeating: 0, count: questions.count)
        var matched = [UInt64](repeating: 0, count: questions.count)
        var keywordPositions = [UInt64](repeating: 0, count: questions.count)
        var found = [[String]](repeating: [], count: questions.count)
        var hasNeeded = [Bool](repeating: false, count: questions.count)
        var knownWords = 0
        for (position, word) in read.enumerated() {
            // A borrowed word is read, but says nothing of the language ("news robotics" is English).
            if corrector.knows(word), borrowed[words[position].folded] == nil { knownWords += 1 }
            guard dayCore & (1 << UInt64(position)) == 0, let candidates = phrases[word] else { continue }
            for phrase in candidates {
                let end = position + phrase.words.count
                guard end <= read.count else { continue }
                var mask: UInt64 = 0
                for offset in position..<end { mask |= 1 << UInt64(offset) }
                guard mask & dayCore == 0, mask & matched[phrase.question] == 0,
                    read[position..<end].elementsEqual(phrase.words)
                else { continue }
                scores[phrase.question] += phrase.weight
                matched[phrase.question] |= mask
                if phrase.isKeyword {
                    keywordPositions[phrase.question] |= mask
                    keywordScores[phrase.question] += phrase.weight
                }
                if phrase.isNeeded { hasNeeded[phrase.question] = true }
                if explaining { found[phrase.question].append(phrase.words.joined(separator: " ")) }
            }
        }
        var candidates: [Candidate] = []
        for index in questions.indices where scores[index] > 0 {
            let question = questions[index]
            guard question.question.needs.isEmpty || hasNeeded[index] else { continue }
            guard
                let argument = argument(
                    of: question, words: words, isFiller: isFiller, day: day, today: today,
                    // A number may be what reads as a day ("the 3rd story"): the day is not left out of one.
                    leftOut: (question.question.argument == .number ? 0 : dayPositions) | keywordPositions[index],
                    anchors: keywordPositions[index])
            else { continue }
            var score = scores[index]
            let takesDays = [.day, .dayOrWeek].contains(question.question.argument)
            let tookTheDay = day != nil && takesDays && !argument.isEmpty
            if tookTheDay { score += 1 }
            var read = matched[index] | (takesDays ? dayPositions : 0)
            switch question.question.argument {
            case .words: read = ~0
            case .number:
                read |=
                    words.indices.first { words[$0].isNumeric || numbers[words[$0].read] != nil }
                    .map { 1 << UInt64($0) } ?? 0
            default: break
            }
            let ignored = words.indices.filter { read & (1 << UInt64($0)) == 0 && !isAnyFiller[$0] }
            candidates.append(
                Candidate(
                    question: index, score: score, keywordScore: keywordScores[index],
                    matched: matched[index].nonzeroBitCount,
                    command: question.command(with: argument), phrases: found[index],
                    ignored: ignored.map { words[$0].typed }, tookTheDay: tookTheDay, changes: question.changes))
        }
        candidates.sort { $0.ranks(before: $1) }
        return Result(
            candidates: candidates, knownWords: knownWords,
            contentWords: isAnyFiller.filter { !$0 }.count, greeted: contains(greetings, in: read),
            thanked: contains(thanks, in: read), why: why)
    }

    /// True when one of `phrases` (by their first word) is in `words`.
    private func contains(_ phrases: [String: [[String]]], in words: [String]) -> Bool {
        for start in words.indices {
            guard let candidates = phrases[words[start]] else { continue }
            if candidates.contains(where: { words[start...].starts(with: $0) }) { return true }
        }
        return false
    }

    /// How many of `text`'s words this language knows as typed or in a chat spelling.
    func knownWords(in text: PlainText) -> Int {
        text.words.reduce(0) { count, word in
            count + (corrector.knows(word.folded) || shorthands[word.folded] != nil ? 1 : 0)
        }
    }

    /// The whole of `text` is one of `phrases` (a yes, a no), as typed or in a chat spelling.
    func isOnly(_ phrases: Set<[String]>, _ text: PlainText) -> Bool {
        phrases.contains(text.words.map { shorthands[$0.folded] ?? $0.folded })
    }

    /// The argument `question` takes from the message, "" for none; nil when it needs words and
    /// none are left.
    private func argument(
        of question: CompiledQuestion, words: [PlainText.Word], isFiller: [Bool], day: DayReader.Found?,
        today: LocalDate, leftOut: UInt64, anchors: UInt64
    ) -> String? {
        switch question.question.argument {
        case .none:
            return ""
        case .day:
            return day.flatMap { Self.dayArgument($0, today: today, weeks: false) } ?? ""
        case .dayOrWeek:
            return day.flatMap { Self.dayArgument($0, today: today, weeks: true) } ?? ""
        case .number:
            for (position, word) in words.enumerated() where leftOut & (1 << UInt64(position)) == 0 {
                if word.isNumeric { return String(word.folded.prefix { $0.isNumber }) }
                if let number = numbers[word.read] { return String(number) }
            }
            return ""
        case .words(_, let required):
            // The argument's words, each glossed or left out as a filler, in runs that only the
            // question's keywords or the day interrupt.
            // A weekday or month the day did not take is no part of a name ("is robotics on tues or wed").
            let free = words.indices.filter { leftOut & (1 << UInt64($0)) == 0 && !dayNames.contains(words[$0].read) }
            let folded = free.map { words[$0].folded }
            let read = free.map { words[$0].read }
            var runs: [(span: ClosedRange<Int>, words: [String], glossed: Bool)] = []
            var previous: Int?
            var index = 0
            while index < free.count {
                let position = free[index]
                var taken: [String] = []
                var length = 1
                var isGlossed = false
                // As read (`caf` → cafeteria, `libary` → library), else as typed.
                if let (glossed, meaning) =
                    question.glossary.phrase(at: index, in: read) ?? question.glossary.phrase(at: index, in: folded)
                {
                    length = glossed
                    if !meaning.isEmpty {
                        taken = [meaning]
                        isGlossed = true
                    }
                } else {
                    let word = words[position]
                    // A lone letter before a number or at the end is a building or a room's letter (`a 104`, `building a`).
                    let isLetterOfACode =
                        word.folded.count == 1 && (position + 1 == words.count || words[position + 1].isNumeric)
                    if !isFiller[position] || question.keeping.contains(word.read) || isLetterOfACode {
                        // A chat spelling as its word (`weight rm` → weight room); a misspelling as typed,
                        // since a name may be near a word the questions know.
                        taken = [shorthands[word.folded] ?? word.folded]
                    }
                }
                let last = free[index + length - 1]
                if !taken.isEmpty {
                    // Keywords, the day, clause punctuation or a word that opens a clause end a run.
                    let interrupted =
                        previous.map { previous in
                            (previous + 1..<position).contains {
                                leftOut & (1 << UInt64($0)) != 0 || clauseStarters.contains(words[$0].read)
                            } || (previous + 1...position).contains { words[$0].afterBreak }
                        } ?? true
                    if interrupted || runs.isEmpty {
                        runs.append((position...last, taken, isGlossed))
                    } else {
                        runs[runs.count - 1].span = runs[runs.count - 1].span.lowerBound...last
                        runs[runs.count - 1].words += taken
                        runs[runs.count - 1].glossed = runs[runs.count - 1].glossed || isGlossed
                    }
                    previous = last
                }
                index += length
            }
            // Of several runs, one that names something the glossary knows ("I feel sick, where is
            // the nurse"); of those, one after the question's keywords, as the thing asked about
            // follows them ("I'm bringing a trumpet, where is the band room"); and of those the
            // one nearest the keywords ("where is the attendance office" in a long message), the
            // later one of two as near.
            var kept = runs.flatMap(\.words)
            if runs.count > 1, anchors != 0 {
                let anchorPositions = words.indices.filter { anchors & (1 << UInt64($0)) != 0 }
                let firstAnchor = anchorPositions.first ?? 0
                func distance(_ span: ClosedRange<Int>) -> Int {
                    anchorPositions.map { max(span.lowerBound - $0, $0 - span.upperBound, 0) }.min() ?? .max
                }
                // In the keywords' clause: nothing between them ends a clause.
                func inTheirClause(_ span: ClosedRange<Int>) -> Bool {
                    anchorPositions.contains { anchor in
                        let between =
                            anchor < span.lowerBound ? anchor + 1...span.lowerBound : span.upperBound + 1...anchor
                        return !between.contains {
                            words[$0].afterBreak || ($0 != span.lowerBound && clauseStarters.contains(words[$0].read))
                        }
                    }
                }
                let anyGlossed = runs.contains(where: \.glossed)
                var candidates = runs.indices.filter { runs[$0].glossed || !anyGlossed }
                let near = candidates.filter { inTheirClause(runs[$0].span) }
                if !near.isEmpty { candidates = near }
                let after = candidates.filter { runs[$0].span.lowerBound > firstAnchor }
                if !after.isEmpty { candidates = after }
                let nearest = candidates.min { (distance(runs[$0].span), -$0) < (distance(runs[$1].span), -$1) }
                kept = nearest.map { runs[$0].words } ?? kept
            }
            if kept.isEmpty && required { return nil }
            return kept.joined(separator: " ")
        }
    }

    /// How a command is told the day: `today`, `tomorrow`, a weekday within the week, `week`,
    /// `next week`, or the ISO date; nil for a week where only days are taken.
    static func dayArgument(_ day: DayReader.Found, today: LocalDate, weeks: Bool) -> String? {
        switch day.meaning {
        case .thisWeek: return weeks ? "week" : nil
        case .nextWeek: return weeks ? "next week" : nil
        case .notADay: return nil
        case .offset, .upcoming, .following:
            guard let date = day.date else { return nil }
            let ahead = today.days(until: date)
            if ahead == 0 { return "today" }
            if ahead == 1 { return "tomorrow" }
            if (2...6).contains(ahead) { return date.weekday.name.lowercased() }
            return date.iso
        }
    }
}
