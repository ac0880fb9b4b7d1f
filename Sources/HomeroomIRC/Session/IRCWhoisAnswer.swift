/// What the server said about a nick in answer to WHOIS.
public struct IRCWhoisAnswer: Sendable, Equatable {
    /// The nick asked about.
    public let nick: String
    /// The `user@host` of whoever holds the nick now; nil when nobody does.
    public var userAndHost: String?
    /// The services account they are logged in to (numeric 330), if any.
    public var account: String?

    /// An answer that knows nothing yet: nobody holds the nick.
    public init(nick: String, userAndHost: String? = nil, account: String? = nil) {
        self.nick = nick
        self.userAndHost = userAndHost
        self.account = account
    }
}
