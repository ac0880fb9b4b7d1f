import CivilDates

/// A plugin's part of `/day`, the day at a glance: a title, a few lines for the asker and the
/// date, and the command that tells more. The runtime composes the sections; no plugin knows
/// another's.
public struct DaySection: Sendable {
    /// Writes the section for the asker (the context, handed to the plugin with its own storage)
    /// and the date; nil leaves it out (nothing to say that day).
    public typealias Compose = @Sendable (CommandContext, LocalDate) async throws -> [String]?
    /// Writes the section's gist for `/day` in a channel: a few words on one line, without the
    /// title (`Chicken tacos, Veggie pizza · fries`); nil: the first of its lines serves.
    public typealias Summarize = @Sendable (CommandContext, LocalDate) async throws -> String?

    /// The heading: "Lunch". Declare it as a string literal (`DaySection("Lunch", …)`): the
    /// plugin's catalog holds it, and `/day` shows it in the reader's language.
    public let title: String
    /// Where it stands among the sections, lowest first (schedule 10, lunch 20, events 30, news 40).
    public let order: Int
    /// The command that tells more, without the prefix: `lunch`.
    public let more: String
    /// The lines; the runtime shows at most ``maximumLines`` of them.
    public let compose: Compose
    /// The gist for a channel; nil: the first of the lines serves.
    public let summarize: Summarize?

    /// The most lines a section shows.
    public static let maximumLines = 6

    /// Declares a section; `gist` writes its one-line form for `/day` in a channel.
    public init(
        _ title: String, order: Int, more: String, gist: Summarize? = nil, compose: @escaping Compose
    ) {
        self.title = title
        self.order = order
        self.more = more
        self.summarize = gist
        self.compose = compose
    }
}
