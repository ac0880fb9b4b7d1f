/// A command a plugin declares: its name, help, who may use it, and its handler.
///
/// The same declaration produces the help text (`/help lunch`), the permission check and the
/// routing, and its examples run as tests.
///
/// ```swift
/// Command("lunch", aliases: ["menu"], summary: "today's lunch menu",
///         usage: "[today | tomorrow | friday | 2026-12-03 | week]",
///         examples: [.init("lunch tomorrow", "tomorrow's menu", answerContains: "Lunch for")],
///         subcommands: [setCommand]) { context in … }
/// ```
public struct Command: Sendable {
    /// Runs the command and returns the answer. Throw ``UserFacingError`` for a short error the user should see.
    public typealias Handler = @Sendable (CommandContext) async throws -> Reply

    /// Who may run a command.
    public enum Access: Sendable, Equatable {
        /// Everyone, unless an anti-capability denies it.
        case everyone
        /// Only those whose roles grant the command's capability.
        case restricted
    }

    /// The name, lowercase; a subcommand may have several words (`always add`).
    public let name: String
    /// Other names for a top-level command.
    public let aliases: [String]
    /// A one-line summary for `/help`.
    public let summary: String
    /// The arguments, as `/help` shows them after the command's name: `[DATE | week]`.
    public let usage: String
    /// Worked examples, shown by `/help` and run as tests.
    public let examples: [CommandExample]
    /// Who may run it.
    public let access: Access
    /// A limit of its own for costly commands, applied on top of the per-user default.
    public let rateLimit: RateLimit?
    /// The subcommands, matched on the words after the name (`/lunch set …`).
    public let subcommands: [Command]
    /// The handler; nil for a command that only groups subcommands.
    public let handler: Handler?
    /// The capability that names this command, when it is not the default: the name for a top-level
    /// command, the parent's capability, a dot and the name's words joined by dots for a subcommand.
    public let explicitCapability: String?

    /// Declares a command.
    public init(
        _ name: String,
        aliases: [String] = [],
        summary: String,
        usage: String = "",
        examples: [CommandExample] = [],
        access: Access = .everyone,
        capability: String? = nil,
        rateLimit: RateLimit? = nil,
        subcommands: [Command] = [],
        handler: Handler?
    ) {
        self.name = name.lowercased()
        self.nameWords = self.name.split(separator: " ").map(String.init)
        self.aliases = aliases.map { $0.lowercased() }
        self.summary = summary
        self.usage = usage
        self.examples = examples
        self.access = access
        self.explicitCapability = capability
        self.rateLimit = rateLimit
        self.subcommands = subcommands
        self.handler = handler
    }

    /// The words of the name, split once here because routing compares them on every message.
    let nameWords: [String]
}

/// One worked example of a command: what to type (without the prefix), what it does, and a piece of
/// the answer it gets, so that the example is also a test (`TestBot.runExamples(of:)`).
///
/// ```swift
/// CommandExample("lunch tomorrow", "tomorrow's menu", answerContains: "Lunch for")
/// ```
public struct CommandExample: Sendable, Equatable {
    /// The text after the prefix, e.g. `lunch tomorrow`.
    public let input: String
    /// What it does, in a few words.
    public let explanation: String
    /// Text the answer must contain when the example runs on a school set up for it.
    public let answerContains: String
    /// True when the example only makes sense typed in a channel (`/admin disable lunch`).
    public let inChannel: Bool

    /// Declares an example whose answer contains `answerContains`.
    public init(_ input: String, _ explanation: String, answerContains: String, inChannel: Bool = false) {
        self.input = input
        self.explanation = explanation
        self.answerContains = answerContains
        self.inChannel = inChannel
    }
}
