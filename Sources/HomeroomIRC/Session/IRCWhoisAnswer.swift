/// What the server said about a nick in answer to WHOIS.
package struct IRCWhoisAnswer: Sendable, Equatable {
    /// The nick asked about.
    package let nick: String
    /// The `user@host` of whoever holds the nick now; nil when nobody does.
    package var userAndHost: String?
    /// The services account they are logged in to (numeric 330), if any.
    package var account: String?

    /// An answer that knows nothing yet: nobody holds the nick.
    package init(nick: String, userAndHost: String? = nil, account: String? = nil) {
        self.nick = nick
        self.userAndHost = userAndHost
        self.account = account
    }
}
