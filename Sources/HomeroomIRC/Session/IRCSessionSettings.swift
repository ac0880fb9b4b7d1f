import Foundation

/// What a session needs to register and stay registered on one network.
public struct IRCSessionSettings: Sendable, Equatable {
    /// SASL PLAIN credentials and what to do when they are refused.
    public struct SASL: Sendable, Equatable {
        public var account: String
        public var password: String
        /// True: go on without the account (nick-based identities only); false: disconnect.
        public var continueOnFailure: Bool

        public init(account: String, password: String, continueOnFailure: Bool = true) {
            self.account = account
            self.password = password
            self.continueOnFailure = continueOnFailure
        }
    }

    /// A channel to join, with its key.
    public struct Channel: Sendable, Equatable {
        public var name: String
        public var key: String?

        public init(name: String, key: String? = nil) {
            self.name = name
            self.key = key
        }
    }

    public var nick: String
    public var alternateNicks: [String] = []
    public var user: String = "homeroom"
    public var realName: String = "Homeroom school bot"
    public var serverPassword: String?
    public var sasl: SASL?
    public var nickServPassword: String?
    /// IRC operator credentials, sent with OPER after registration (a school's own server may
    /// make the bot an operator to lift its flood limits).
    public var operatorName: String?
    public var operatorPassword: String?
    /// User modes the bot sets on itself after registration (`+B` marks a bot on many servers;
    /// `+F` lifts ngircd's flood limit for an operator).
    public var userModes: String?
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
    /// Seconds between attempts to take back the configured nick.
    public var nickReclaimInterval: TimeInterval = 60

    public init(nick: String) {
        self.nick = nick
    }
}
