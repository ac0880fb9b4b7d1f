/// What plain language read in a message, and why.
package struct Reading: Sendable, Equatable {
    /// One command a message may mean.
    package struct Choice: Sendable, Equatable {
        /// The command as typed without the prefix: `lunch tomorrow`.
        package var command: String
        /// The command's full name, without its argument: `lunch`, `news search`.
        package var path: String
        /// True when it changes something, so that it runs only after a yes.
        package var changes: Bool
        /// Its one-line summary, from its declaration.
        package var summary: String
        /// Words of the message the reading leaves unread (not filler): a sign the message says more.
        package var ignored: [String] = []
    }

    /// One question to suggest: an example and the command it reads as.
    package struct Suggestion: Sendable, Equatable {
        /// The example question.
        package var example: String
        /// Its command, without the prefix.
        package var command: String
    }

    /// What the message means.
    package enum Meaning: Sendable, Equatable {
        /// One command.
        case command(Choice)
        /// Several commands, equally likely.
        case choices([Choice])
        /// A greeting, or "what can you do".
        case welcome([Suggestion])
        /// Thanks.
        case thanks
        /// Nothing: the likeliest questions instead.
        case suggestions([Suggestion])
    }

    /// What the message means.
    package var meaning: Meaning
    /// The language it was read in.
    package var language: String
    /// How it was read, a line per step, for `homeroom inspect understand`.
    package var why: [String]
}

extension Reading {
    /// One line: the command read, the choices, or what else the message is, with `prefix`.
    package func summary(prefix: String) -> String {
        switch meaning {
        case .command(let choice): prefix + choice.command + (choice.changes ? " (asks for a yes first)" : "")
        case .choices(let choices): "choices: " + choices.map { prefix + $0.command }.joined(separator: " | ")
        case .welcome: "a greeting: the welcome"
        case .thanks: "thanks"
        case .suggestions(let suggestions):
            "no question read; suggests " + suggestions.map { prefix + $0.command }.joined(separator: ", ")
        }
    }
}
