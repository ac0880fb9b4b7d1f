/// A command the chat platform parsed itself, as a Slack or Mattermost slash command or a Discord
/// interaction arrives: its name and the text of its arguments, so the bot does not recognise the
/// message's text again.
public struct PlatformCommand: Sendable, Equatable {
    /// The command's name, without a prefix (`lunch` for `/lunch`).
    public var name: String
    /// The text after the name, as typed (`tomorrow`), quotes and all; empty when there is none.
    public var arguments: String

    /// Creates a command.
    public init(name: String, arguments: String) {
        self.name = name
        self.arguments = arguments
    }
}
