import Foundation

/// A PRIVMSG addressed to the bot or to a channel it is in, as the session hands it on.
package struct IRCChatMessage: Sendable, Equatable {
    /// The sender's nick.
    package let nick: String
    /// The sender's `nick!user@host`.
    package let hostmask: String
    /// The services account the server vouches for (the `account` tag), if any.
    package let account: String?
    /// The channel, or nil for a direct message.
    package let channel: String?
    /// The text.
    package let text: String
    /// When the server received it (`server-time`), or when the bot did.
    package let time: Date
}
