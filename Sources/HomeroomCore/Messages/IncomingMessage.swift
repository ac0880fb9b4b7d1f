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
    /// The text as typed.
    public var text: String
    /// When the adapter received it.
    public var receivedAt: Date

    /// Creates a message.
    public init(
        sender: UserID,
        senderIsVerified: Bool = false,
        conversation: Conversation,
        text: String,
        receivedAt: Date
    ) {
        self.sender = sender
        self.senderIsVerified = senderIsVerified
        self.conversation = conversation
        self.text = text
        self.receivedAt = receivedAt
    }

    /// The adapter the message came through.
    public var adapter: String { sender.adapter }
}
