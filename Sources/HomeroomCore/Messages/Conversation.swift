/// Where a message was written: a shared channel or a direct message with the bot.
public enum Conversation: Hashable, Sendable {
    /// A channel, room or group that several people read, named as the platform names it.
    case channel(String)
    /// A private conversation between one user and the bot.
    case direct

    /// The channel's name, or nil for a direct message.
    public var channelName: String? {
        if case .channel(let name) = self { return name }
        return nil
    }

    /// True for a direct message.
    public var isDirect: Bool { self == .direct }
}
