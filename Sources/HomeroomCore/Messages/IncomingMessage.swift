import Foundation

/// One message as every adapter hands it to the bot runtime.
public struct IncomingMessage: Sendable {
    /// Who wrote it.
    public var sender: UserID
    /// True when the platform vouches for the sender's id (a signed Slack request, an IRC services
    /// account seen through SASL or `account-tag`). Roles granted to unverified ids need a PIN login.
    public var senderIsVerified: Bool
    /// Where it was written.
    public var conversation: Conversation
    /// The workspace it was written in, when the platform names one apart from the sender's id: the
    /// team of a Teams channel message. Nil: the sender's (``UserID/workspace``).
    public var namedWorkspace: String?
    /// The text as typed.
    public var text: String
    /// The command, when the platform parsed it already (a slash command, a Discord interaction):
    /// the bot runs it without recognising ``text`` again. Nil: ``text`` is recognised.
    public var command: PlatformCommand?
    /// When the adapter received it.
    public var receivedAt: Date
    /// Where it was written when that is not a chat: `web` for the office's web console. The audit
    /// log records it in place of a channel, so a change made in a browser says so.
    public var surface: String?

    /// Creates a message written in `workspace` (its ``namedWorkspace``) when the platform names one.
    public init(
        sender: UserID,
        senderIsVerified: Bool = false,
        conversation: Conversation,
        workspace: String? = nil,
        text: String,
        command: PlatformCommand? = nil,
        receivedAt: Date,
        surface: String? = nil
    ) {
        self.surface = surface
        self.sender = sender
        self.senderIsVerified = senderIsVerified
        self.conversation = conversation
        self.namedWorkspace = workspace
        self.text = text
        self.command = command
        self.receivedAt = receivedAt
    }

    /// The workspace it was written in, whose school answers in its channels that have none of their
    /// own: ``namedWorkspace``, else the sender's (a Slack team, a Discord guild, an IRC network, a
    /// Matrix server; see ``UserID/workspace``).
    public var workspace: String { namedWorkspace ?? sender.workspace }

    /// The adapter the message came through.
    public var adapter: String { sender.adapter }
}
