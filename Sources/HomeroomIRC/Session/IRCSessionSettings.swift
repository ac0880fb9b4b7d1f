import Foundation

/// What a session needs to register and stay registered on one network.
public struct IRCSessionSettings: Sendable, Equatable {
    /// SASL PLAIN credentials and what to do when they are refused.
    public struct SASL: Sendable, Equatable {
        /// The services account to log in to.
        public var account: String
        /// The account's password.
        public var password: String
        /// True: go on without the account (nick-based identities only); false: disconnect.
        public var continueOnFailure: Bool

        /// Credentials that go on without the account when refused, unless told otherwise.
        public init(account: String, password: String, continueOnFailure: Bool = true) {
            self.account = account
            self.password = password
            self.continueOnFailure = continueOnFailure
        }
    }

    /// A channel to join, with its key.
    public struct Channel: Sendable, Equatable {
        /// The channel, `#lunch`.
        public var name: String
        /// The key (`+k`) the channel asks for, if any.
        public var key: String?

        /// A channel to join, with its key if it has one.
        public init(name: String, key: String? = nil) {
            self.name = name
            self.key = key
        }
    }

    /// The nick the bot asks for.
    public var nick: String
    /// Nicks to try, in order, when the first is taken.
    public var alternateNicks: [String] = []
    /// The user name sent with USER (the `user` of `nick!user@host`).
    public var user: String = "homeroom"
    /// The real name sent with USER, shown by WHOIS.
    public var realName: String = "Homeroom school bot"
    /// The server password (PASS), if the server asks for one.
    public var serverPassword: String?
    /// SASL PLAIN credentials; nil logs in without SASL.
    public var sasl: SASL?
    /// The password sent to NickServ (IDENTIFY) after registration, without SASL.
    public var nickServPassword: String?
    /// IRC operator credentials, sent with OPER after registration (a school's own server may
    /// make the bot an operator to lift its flood limits).
    public var operatorName: String?
    /// The operator's password, with `operatorName`.
    public var operatorPassword: String?
    /// User modes the bot sets on itself after registration (`+B` marks a bot on many servers;
    /// `+F` lifts ngircd's flood limit for an operator).
    public var userModes: String?
    /// The channels to join, and rejoin after a kick.
    public var channels: [Channel] = []
    /// Answer to CTCP VERSION.
    public var version: String = "Homeroom 1.0 (school chat bot)"
    /// Seconds without any line from the server before the bot sends its own PING.
    public var pingInterval: TimeInterval = 60
    /// Seconds to wait for the answer to that PING before the connection counts as dead.
    public var pingTimeout: TimeInterval = 30
    /// Seconds SASL may take before it counts as failed.
    public var saslTimeout: TimeInterval = 15
    /// Seconds registration may take before the connection is dropped.
    public var registrationTimeout: TimeInterval = 60
    /// Seconds after a kick before rejoining.
    public var rejoinDelay: TimeInterval = 10
    /// Seconds between attempts to take back the configured nick (it is also taken back at once
    /// when its holder, such as another instance's bot on its way out, is seen to quit or rename).
    public var nickReclaimInterval: TimeInterval = 30

    /// Settings for the bot as `nick`, with the defaults for the rest.
    public init(nick: String) {
        self.nick = nick
    }
}
