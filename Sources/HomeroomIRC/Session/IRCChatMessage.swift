import Foundation

/// A PRIVMSG addressed to the bot or to a channel it is in, as the session hands it on.
public struct IRCChatMessage: Sendable, Equatable {
    /// The sender's nick.
    public let nick: String
    /// The sender's `nick!user@host`.
    public let hostmask: String
    /// The services account the server vouches for (the `account` tag), if any.
    public let account: String?
    /// The channel, or nil for a direct message.
    public let channel: String?
    /// The text.
    public let text: String
    /// When the server received it (`server-time`), or when the bot did.
    public let time: Date
}
