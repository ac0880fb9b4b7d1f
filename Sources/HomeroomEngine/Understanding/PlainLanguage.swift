import CivilDates
import Foundation
import HomeroomCore

/// Plain language in the dispatcher: the questions it reads and what it waits for people to answer.
package struct PlainLanguage: Sendable {
    /// Reads questions.
    package let reader: QuestionReader
    /// Choices and confirmations waiting for an answer.
    let pending = PendingQuestions()

    /// The command a text's first word names, resolved to the deepest subcommand its next words
    /// name, and the words after those.
    typealias Literal = (command: RegisteredCommand, arguments: ArraySlice<String>)

    /// What plain language made of a message.
    enum Outcome {
        /// Run this command, as if typed; `readIn` is the language the question was read in
        /// (`en`, `es`), when it was read from plain words.
        case run(CommandRecognizer.Recognized, readIn: String?)
        /// Answer this, and run nothing.
        case answer(Reply)
        /// Say nothing: there is nothing to read (an emoji, a thumbs-up).
        case ignore
    }

    /// Plain language over `reader`.
    package init(reader: QuestionReader) {
        self.reader = reader
    }

    /// What `recognized` (the text of `message`) means, when plain language has a say; nil to run
    /// it as typed. `literal` is the command its first word names, resolved, and the rest of its
    /// words; nil when the first word names none.
    func outcome(
        of recognized: CommandRecognizer.Recognized, from message: IncomingMessage,
        literal: Literal?, today: LocalDateAndNow
    ) -> Outcome? {
        let waiting = pending.take(message.sender, at: today.now)
        guard recognized.isPlain else {
            // A prefixed command runs as typed; an unknown one of several words may still be a
            // question ("/what's for lunch"), while one word is a typo the catalog answers (`/lnch`).
            guard literal == nil, recognized.body.contains(where: \.isWhitespace),
                case .command(let choice) = reader.read(recognized.body, today: today.date).meaning
            else { return nil }
            return run(choice, as: recognized, message: message, language: nil, at: today.now)
        }
        if let waiting,
            let answered = answer(
                to: waiting.waiting, in: waiting.language, with: recognized, message: message, at: today.now)
        {
            return answered
        }
        let plain = PlainText(recognized.body)
        if plain.isEmpty {
            guard recognized.body.contains(where: { $0 == "?" || $0 == "¿" }) else { return .ignore }
            return .answer(reply(to: reader.welcome(), prefix: recognized.prefix))
        }
        var reading = reader.read(recognized.body, today: today.date)
        // Choices, one of them the command the text starts with (`news about …`): that one.
        if let literal, case .choices(let choices) = reading.meaning,
            let named = choices.first(where: {
                $0.path.split(separator: " ").first == literal.command.fullName.split(separator: " ").first
            })
        {
            reading.meaning = .command(named)
        }
        if let literal, prefersLiteral(literal, over: reading) {
            // In a direct message, where people write freely, a command typed without a prefix that
            // changes something waits for a yes as plain words do; addressed in a channel
            // (`homeroom: admin disable lunch`), command words are the command.
            guard message.conversation.isDirect, reader.changes(literal.command) else { return nil }
            let typed = Reading.Choice(
                command: recognized.body, path: literal.command.fullName, changes: true,
                summary: literal.command.command.summary)
            return run(typed, as: recognized, message: message, language: reading.language, at: today.now)
        }
        if case .command(let choice) = reading.meaning {
            return run(choice, as: recognized, message: message, language: reading.language, at: today.now)
        }
        if case .choices(let choices) = reading.meaning {
            pending.ask(message.sender, .choices(choices), language: reading.language, at: today.now)
        }
        return .answer(reply(to: reading, prefix: recognized.prefix))
    }

    /// True when a text whose first word names a command is that command as typed: plain
    /// language read nothing sure, the text names a subcommand (`lunch always`, `circle join
    /// robotics`), or plain language reads the same command but leaves words unread (`help lunch`).
    private func prefersLiteral(_ literal: Literal, over reading: Reading) -> Bool {
        guard case .command(let choice) = reading.meaning else { return true }
        if choice.path == literal.command.fullName { return !choice.ignored.isEmpty || literal.arguments.isEmpty }
        // A subcommand typed by name (`circle join robotics`, `lunch always`) is meant.
        return literal.command.fullName.contains(" ")
    }

    /// What answering `waiting` with `recognized` does; nil when it is no answer to it.
    private func answer(
        to waiting: PendingQuestions.Waiting, in language: String, with recognized: CommandRecognizer.Recognized,
        message: IncomingMessage,
        at now: Date
    ) -> Outcome? {
        switch waiting {
        case .choices(let choices):
            guard let number = Int(recognized.body.trimmingWhitespace()), choices.indices.contains(number - 1) else {
                return nil
            }
            return run(choices[number - 1], as: recognized, message: message, language: language, at: now)
        case .confirmation(let choice):
            switch reader.answer(recognized.body) {
            case true?: return .run(Self.typed(choice.command, prefix: recognized.prefix), readIn: language)
            case false?:
                let declined = reader.words(language).answers.declined
                return .answer(
                    .privately(declined.replacingOccurrences(of: "{command}", with: recognized.prefix + choice.command))
                )
            case nil: return nil
            }
        }
    }

    /// Runs `choice`, or asks for a yes first when it changes something.
    private func run(
        _ choice: Reading.Choice, as recognized: CommandRecognizer.Recognized, message: IncomingMessage,
        language: String?, at now: Date
    ) -> Outcome {
        guard choice.changes else {
            return .run(Self.typed(choice.command, prefix: recognized.prefix), readIn: language)
        }
        let code = language ?? reader.readers[0].language.code
        pending.ask(message.sender, .confirmation(choice), language: code, at: now)
        let prompt = reader.words(code).answers.confirm
            .replacingOccurrences(of: "{command}", with: recognized.prefix + choice.command)
        return .answer(.privately(prompt))
    }

    /// The answer to a reading that runs no command.
    private func reply(to reading: Reading, prefix: String) -> Reply {
        let answers = reader.words(reading.language).answers
        func examples(_ suggestions: [Reading.Suggestion]) -> String {
            suggestions.map {
                answers.exampleLine.replacingOccurrences(of: "{example}", with: $0.example)
                    .replacingOccurrences(of: "{command}", with: prefix + $0.command)
            }
            .joined(separator: "\n")
        }
        switch reading.meaning {
        case .command(let choice): return Reply(prefix + choice.command)
        case .choices(let choices):
            let lines = choices.enumerated().map { index, choice in
                answers.choiceLine.replacingOccurrences(of: "{number}", with: String(index + 1))
                    .replacingOccurrences(of: "{command}", with: prefix + choice.command)
                    .replacingOccurrences(of: "{summary}", with: choice.summary)
            }
            return Reply(answers.choices.replacingOccurrences(of: "{choices}", with: lines.joined(separator: "\n")))
        case .welcome(let suggestions):
            return Reply(answers.welcome.replacingOccurrences(of: "{examples}", with: examples(suggestions)))
        case .thanks: return Reply(answers.thanks)
        case .suggestions(let suggestions):
            return Reply(answers.suggestions.replacingOccurrences(of: "{examples}", with: examples(suggestions)))
        }
    }

    /// `command` as a typed, prefixed command.
    private static func typed(_ command: String, prefix: String) -> CommandRecognizer.Recognized {
        CommandRecognizer.Recognized(prefix: prefix, body: command)
    }
}

/// The school's date and the instant, read once per message.
struct LocalDateAndNow {
    var date: LocalDate
    var now: Date
}
