/// A question a plugin answers when people ask it in their own words, in one language: the words
/// that say it, the command that answers it, and what of the question becomes its argument.
///
/// ```swift
/// PlainQuestion(
///     "lunch", keywords: ["lunch", "menu", "eat"], hints: ["food"], argument: .dayOrWeek,
///     example: "what's for lunch tomorrow?")
/// ```
///
/// "whats for lunch tomorow" reads as `/lunch tomorrow`: `lunch` is a keyword, `tomorow` is
/// `tomorrow` misspelt, and `tomorrow` fills the argument.
public struct PlainQuestion: Sendable {
    /// The command that answers it, as typed without the prefix: `lunch`, `news search`. The
    /// argument goes at the end, or where `{}` stands (`directions {} accessible`).
    public let command: String
    /// Words and phrases that say the question (`lunch`, `how do i get to`). Each weighs two for
    /// each of its words, and is left out of a ``PlainArgument/words(keeping:required:)`` argument.
    public let keywords: [String]
    /// Phrases of which the question needs one, weighed as keywords (`wheelchair` of the way
    /// without stairs); empty when it needs none.
    public let needs: [String]
    /// Words that point to the question more weakly and stay in its argument (`room` in
    /// "the art room"). Each weighs one.
    public let hints: [String]
    /// What of the question becomes the command's argument.
    public let argument: PlainArgument
    /// True when the command changes something (subscribing, forgetting, posting, any admin
    /// command): plain language then shows the command and runs it only after a yes.
    public let changes: Bool
    /// A question that reads as this one, shown in the welcome and when nothing matched.
    public let example: String

    /// Declares a question.
    public init(
        _ command: String, keywords: [String], needs: [String] = [], hints: [String] = [], argument: PlainArgument = .none,
        changes: Bool = false, example: String
    ) {
        self.command = command.lowercased()
        self.keywords = keywords
        self.needs = needs
        self.hints = hints
        self.argument = argument
        self.changes = changes
        self.example = example
    }
}
