import CivilDates
import HomeroomCore
import Logging

/// Understands plain questions: reads a message in every language it has words for, and says
/// which command it means, which few it might mean, or that it is a greeting, thanks or nothing.
///
/// Built once from the plugins' ``PlainQuestions`` and checked against the command catalog: a
/// question whose command does not exist is left out with a warning, as is a catalog in a
/// language there are no ``LanguageWords`` for.
package struct QuestionReader: Sendable {
    /// The lowest score that reads as a question: one keyword.
    static let threshold = 2
    /// The most choices offered.
    static let maximumChoices = 3
    /// The most words, fillers aside, of a message that a single hint reads.
    static let shortMessage = 3

    /// The readers, the school's language first.
    let readers: [LanguageReader]
    /// The full names of the commands a question declares as changing something.
    let changingCommands: Set<String>

    /// Builds the readers for `languages` (the school's first) from each plugin's catalogs.
    package init(
        plugins: [(pluginID: String, catalogs: [PlainQuestions])], catalog: CommandCatalog,
        languages: [LanguageWords] = [.english, .spanish], logger: Logger? = nil
    ) {
        var byLanguage: [String: [CompiledQuestion]] = [:]
        for (pluginID, catalogs) in plugins {
            for questions in catalogs {
                let glossary = Glossary(questions.glossary)
                guard languages.contains(where: { $0.code == questions.language }) else {
                    logger?.warning(
                        "plain questions in a language Homeroom has no words for are left out",
                        metadata: ["plugin": "\(pluginID)", "language": "\(questions.language)"])
                    continue
                }
                for question in questions.questions {
                    let words = question.command.split(separator: " ").map(String.init)
                    guard let top = words.first.flatMap(catalog.command(named:)) else {
                        logger?.warning(
                            "a plain question names no command and is left out",
                            metadata: ["plugin": "\(pluginID)", "command": "\(question.command)"])
                        continue
                    }
                    let (command, _) = top.resolve(words.dropFirst())
                    var keeping = Set<String>()
                    if case .words(let kept, _) = question.argument { keeping = Set(kept.map(PlainText.folded)) }
                    byLanguage[questions.language, default: []].append(
                        CompiledQuestion(
                            question: question, path: command.fullName, summary: command.command.summary,
                            changes: question.changes || command.command.access == .restricted, keeping: keeping,
                            glossary: glossary, catalog: pluginID + "." + questions.language,
                            template: Self.template(question.command)))
                }
            }
        }
        changingCommands = Set(byLanguage.values.joined().filter(\.changes).map(\.path))
        readers = languages.map { language in
            LanguageReader(
                language: language, questions: byLanguage[language.code] ?? [],
                others: languages.filter { $0.code != language.code })
        }
    }

    /// A command's words before and after `{}`, or all of them and none.
    static func template(_ command: String) -> (before: String, after: String) {
        let parts = command.components(separatedBy: "{}")
        func words(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }
        return parts.count == 2 ? (words(parts[0]), words(parts[1])) : (words(command), "")
    }

    /// True when `command` changes something: a restricted command, or one a question declares so.
    package func changes(_ command: RegisteredCommand) -> Bool {
        command.command.access == .restricted || changingCommands.contains(command.fullName)
    }

    /// The languages it reads, the school's first.
    package var languages: [String] { readers.map(\.language.code) }

    /// True when it reads `code`.
    package func speaks(_ code: String) -> Bool { readers.contains { $0.language.code == code.lowercased() } }

    /// The reader of `code`, if there is one.
    func reader(_ code: String) -> LanguageReader? { readers.first { $0.language.code == code } }

    /// What `text` means, read in `language` alone when given, else in the language it reads best in.
    package func read(_ text: String, today: LocalDate, language: String? = nil, explaining: Bool = false) -> Reading {
        let plain = PlainText(text)
        var readers =
            language.map { code in self.readers.filter { $0.language.code == code.lowercased() } } ?? self.readers
        // A language that knows under half as many of the words as the best one is not read at all.
        if readers.count > 1 {
            let known = readers.map { $0.knownWords(in: plain) }
            let most = known.max() ?? 0
            if most > 1 { readers = zip(readers, known).filter { 2 * $0.1 >= most }.map(\.0) }
        }
        var best: (reader: LanguageReader, result: LanguageReader.Result)?
        for reader in readers {
            let result = reader.read(plain, today: today, explaining: explaining)
            guard let current = best else {
                best = (reader, result)
                continue
            }
            let score = result.candidates.first?.score ?? 0
            let bestScore = current.result.candidates.first?.score ?? 0
            if (score, result.knownWords) > (bestScore, current.result.knownWords) { best = (reader, result) }
        }
        guard let (reader, result) = best else {
            return Reading(meaning: .suggestions([]), language: language ?? "", why: ["no such language"])
        }
        return meaning(of: result, plain: plain, in: reader, explaining: explaining)
    }

    private func meaning(
        of result: LanguageReader.Result, plain: PlainText, in reader: LanguageReader, explaining: Bool
    ) -> Reading {
        var why: [String] = []
        if explaining {
            why = ["language: \(reader.language.code)"] + result.why
            for candidate in result.candidates.prefix(4) {
                let phrases = candidate.phrases.map { "\"\($0)\"" }.joined(separator: ", ")
                why.append("\(candidate.score) for /\(candidate.command): \(phrases)")
            }
        }
        let code = reader.language.code
        var likely = result.candidates.filter { $0.score >= Self.threshold }
        // A message of a word or three that points to one question alone ("nurse", "enfermería").
        if likely.isEmpty, result.candidates.count == 1, result.contentWords <= Self.shortMessage {
            why.append("a short message that points to one question")
            likely = result.candidates
        }
        guard let top = likely.first else {
            if result.greeted {
                why.append("a greeting, and no question")
                return Reading(meaning: .welcome(examples(in: reader, first: [])), language: code, why: why)
            }
            if result.thanked {
                why.append("thanks, and no question")
                return Reading(meaning: .thanks, language: code, why: why)
            }
            if explaining { why.append("no question scores \(Self.threshold)") }
            return Reading(
                meaning: .suggestions(examples(in: reader, first: result.candidates)), language: code, why: why)
        }
        let tied = likely.filter { $0.rank == top.rank }
        var commands: [String] = []
        let distinct = tied.filter { candidate in
            guard !commands.contains(candidate.command) else { return false }
            commands.append(candidate.command)
            return true
        }
        if distinct.count > 1 {
            if explaining { why.append("\(distinct.count) questions score \(top.score): choices") }
            return Reading(
                meaning: .choices(distinct.prefix(Self.maximumChoices).map { choice($0, in: reader) }), language: code,
                why: why)
        }
        if explaining { why.append("reads as /\(top.command)") }
        return Reading(meaning: .command(choice(top, in: reader)), language: code, why: why)
    }

    private func choice(_ candidate: LanguageReader.Candidate, in reader: LanguageReader) -> Reading.Choice {
        let question = reader.questions[candidate.question]
        return Reading.Choice(
            command: candidate.command, path: question.path, changes: question.changes, summary: question.summary,
            ignored: candidate.ignored)
    }

    /// Three example questions: those of `first` that do not change anything, then the first
    /// declared ones.
    private func examples(in reader: LanguageReader, first: [LanguageReader.Candidate]) -> [Reading.Suggestion] {
        var picked: [Int] = []
        for index in first.map(\.question) + Array(reader.questions.indices)
        where !picked.contains(index) && !reader.questions[index].changes {
            let command = reader.questions[index].question.command
            guard !picked.contains(where: { reader.questions[$0].question.command == command }) else { continue }
            picked.append(index)
            if picked.count == 3 { break }
        }
        return picked.map {
            Reading.Suggestion(
                example: reader.questions[$0].question.example, command: reader.questions[$0].question.command)
        }
    }

    /// The welcome in the school's language, for a message with no words ("?").
    package func welcome() -> Reading {
        Reading(
            meaning: .welcome(examples(in: readers[0], first: [])), language: readers[0].language.code,
            why: ["no words: the welcome"])
    }

    /// The yes or no that `text` is, in any language; nil when it is neither.
    package func answer(_ text: String) -> Bool? {
        let plain = PlainText(text)
        guard !plain.isEmpty, plain.words.count <= 4 else { return nil }
        for reader in readers {
            if reader.isOnly(reader.yes, plain) { return true }
            if reader.isOnly(reader.no, plain) { return false }
        }
        return nil
    }

    /// The language words of `code`, or the school's.
    package func words(_ code: String) -> LanguageWords {
        (reader(code) ?? readers[0]).language
    }
}
