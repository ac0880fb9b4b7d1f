import HomeroomCore

/// Decides whether a message is meant for the bot and, if so, which text is the command.
///
/// A command is recognised when it starts with one of the configured prefixes followed by a
/// letter (`/lunch`, `!lunch`, `/lunch?`: closing punctuation is left out). In a direct message,
/// and when the bot is addressed by name (`homeroom: lunch`, `homeroom, what's for lunch?`,
/// `@homeroom lunch`), any other text is plain language (``Recognized/isPlain``), which the
/// dispatcher reads as a command or a question. Everything else is chatter and is ignored.
package struct CommandRecognizer: Sendable {
    /// A recognised command: the text after the prefix or the bot's name, and the prefix to show
    /// in answers (`/lunch`, `!lunch`).
    package struct Recognized: Sendable, Equatable {
        /// The prefix the user typed, or the first configured one where they typed none.
        package var prefix: String
        /// The command text: a command name, then its arguments; only the arguments when the
        /// platform named the command (``name``).
        package var body: String
        /// The command's name when the platform parsed it (``PlatformCommand``); nil when it is
        /// the first word of ``body``.
        package var name: String?
        /// True when the text has no prefix and no platform parsed it: it may be a command typed
        /// without one, or a question in the person's own words.
        package var isPlain: Bool

        /// Creates a recognised command.
        package init(prefix: String, body: String, name: String? = nil, isPlain: Bool = false) {
            self.prefix = prefix
            self.body = body
            self.name = name
            self.isPlain = isPlain
        }

        /// The command the platform parsed, shown with `prefix` in answers.
        package init(_ command: PlatformCommand, prefix: String) {
            self.init(prefix: prefix, body: command.arguments, name: command.name)
        }

        /// The command as one text, its name first: what tells a repeat of it.
        package var text: String {
            guard let name else { return body }
            return body.isEmpty ? name : name + " " + body
        }

        /// The command's words: its name, then its arguments.
        package func words() throws(ArgumentTokenizer.UnclosedQuote) -> [String] {
            guard let name else { return try ArgumentTokenizer.words(in: body) }
            return [name] + (try ArgumentTokenizer.words(in: body))
        }
    }

    /// The prefixes, longest first so that `!!` would win over `!`.
    package let prefixes: [String]
    /// The prefix used when an answer names a command the user typed without one: the first configured.
    package let preferredPrefix: String
    /// The bot's name, lowercased, as users address it.
    package let botName: String

    /// Creates a recognizer. Empty prefixes are dropped.
    package init(prefixes: [String] = ["/", "!"], botName: String = "homeroom") {
        self.prefixes = prefixes.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        self.preferredPrefix = prefixes.first { !$0.isEmpty } ?? ""
        self.botName = botName.lowercased()
    }

    /// Recognises the command in `text`, or returns nil for chatter.
    package func recognize(_ text: String, in conversation: Conversation) -> Recognized? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if let addressed = stripAddress(trimmed) {
            return commandBody(addressed.trimmingWhitespace(), plainAllowed: true)
        }
        return commandBody(trimmed, plainAllowed: conversation.isDirect)
    }

    private func commandBody(_ text: Substring, plainAllowed: Bool) -> Recognized? {
        for prefix in prefixes where text.hasPrefix(prefix) {
            let rest = text.dropFirst(prefix.count)
            guard let first = rest.first, first.isLetter else { return nil }
            return Recognized(prefix: prefix, body: String(rest.trimmingClosingPunctuation()))
        }
        guard plainAllowed, !text.isEmpty else { return nil }
        return Recognized(prefix: preferredPrefix, body: String(text.trimmingClosingPunctuation()), isPlain: true)
    }

    /// Returns the text after `homeroom:`, `homeroom,` or `@homeroom`, or nil when the bot is not addressed.
    private func stripAddress(_ text: Substring) -> Substring? {
        var rest = text
        let mentioned = rest.first == "@"
        if mentioned { rest = rest.dropFirst() }
        // More characters than the name, without counting all of them.
        guard !rest.dropFirst(botName.count).isEmpty else { return nil }
        let name = rest.prefix(botName.count)
        guard name.lowercased() == botName else { return nil }
        rest = rest.dropFirst(botName.count)
        guard let separator = rest.first else { return nil }
        if separator == ":" || separator == "," {
            return rest.dropFirst()
        }
        if mentioned && separator.isWhitespace {
            return rest
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without a closing run of `?` and `!` with a `?` in it (`lunch?`, `lunch tomorrow?!`),
    /// or the `¿` and `¡` that open it, nor the white space around them. An `!` or a full stop
    /// alone stays: it may belong to the last argument (`/circle create chess!` is refused).
    func trimmingClosingPunctuation() -> SubSequence {
        var text = self[...].trimmingWhitespace()
        let run = text.reversed().prefix { $0.isQuestionMark || $0 == "!" }
        if run.contains(where: \.isQuestionMark) { text = text.dropLast(run.count).trimmingWhitespace() }
        while let first = text.first, first == "¿" || first == "¡" || first.isWhitespace { text = text.dropFirst() }
        return text.isEmpty ? self[...] : text
    }

    /// The text without leading and trailing white space (Unicode-aware).
    func trimmingWhitespace() -> SubSequence {
        guard let start = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        let end = lastIndex(where: { !$0.isWhitespace })!
        return self[start...end]
    }
}

extension Character {
    /// `?` and its full-width form.
    fileprivate var isQuestionMark: Bool { self == "?" || self == "？" }
}
