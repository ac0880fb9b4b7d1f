/// What the bot answers: lines of text and who should see them.
///
/// Adapters render it for their platform (IRC splits long lines, Slack maps visibility to
/// `in_channel` or `ephemeral`, the console prints the lines).
public struct Reply: Sendable, Equatable {
    /// Who sees a reply.
    public enum Visibility: String, Sendable, Equatable {
        /// Everyone in the conversation the command was typed in.
        case conversation
        /// Only the person who typed the command.
        case sender
    }

    /// The lines, in order; none holds a line break.
    public var lines: [String]
    /// Who sees it.
    public var visibility: Visibility
    /// True when the reply says the command could not be done (bad input, no permission, a failure).
    public var isError: Bool
    /// A shorter form for a channel, where a whole class reads along: one or two lines with the
    /// gist. Chat adapters show it in channels and keep ``lines`` for `more` (IRC appends
    /// "more: !more"); direct messages and platforms without channels show ``lines``. nil: ``lines``
    /// serve everywhere.
    public var channelLines: [String]?
    /// True when the answer moves the asker on (the next step of a recipe, the next page of an
    /// article): the same command typed again asks for something new, so a chat adapter never
    /// folds a repeat of it into this answer.
    public var advances = false
    /// Set on the answer to a command refused by the rate limit: the true number of seconds until
    /// the sender may ask again. Adapters send it ahead of waiting answers, so that it is still true.
    public var retryAfterSeconds: Int?
    /// The language the reply is in, for what adapters add to it (IRC's "more" hint) and for the
    /// direction of its text. The dispatcher sets it to the reader's when the handler left it nil
    /// (a handler sets it when it answers in another: the language just chosen).
    public var language: Language?

    /// Creates a reply; a line break inside a line starts a new line.
    public init(
        lines: [String], visibility: Visibility = .conversation, isError: Bool = false, channelLines: [String]? = nil
    ) {
        self.lines = Self.splittingLineBreaks(lines)
        self.visibility = visibility
        self.isError = isError
        self.channelLines = channelLines.map(Self.splittingLineBreaks)
    }

    /// `lines` with a line break inside a line starting a new line.
    private static func splittingLineBreaks(_ lines: [String]) -> [String] {
        // Scanning bytes first keeps the common case (no line breaks) free of Character iteration.
        lines.contains { line in
            var line = line
            return line.withUTF8 { $0.contains(UInt8(ascii: "\n")) }
        }
            ? lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } : lines
    }

    /// A reply of one or more lines given as one string.
    public init(_ text: String, visibility: Visibility = .conversation) {
        self.init(lines: [text], visibility: visibility)
    }

    /// A reply only the sender sees.
    public static func privately(_ text: String) -> Reply { Reply(text, visibility: .sender) }

    /// A short error only the sender sees.
    public static func error(_ text: String) -> Reply { Reply(lines: [text], visibility: .sender, isError: true) }

    /// The lines joined with line breaks.
    public var text: String { lines.joined(separator: "\n") }

    /// True when only the asker may read the reply: it is for the sender, or it is an error (a
    /// refusal or a failure concerns the asker alone). Adapters send such a reply where nobody
    /// else reads it (an ephemeral message, a notice, a direct chat) and never to a channel.
    public var isForAskerAlone: Bool { visibility == .sender || isError }
}
