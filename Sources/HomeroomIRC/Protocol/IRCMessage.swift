/// One IRC protocol line (RFC 1459/2812 with IRCv3 message tags): `@tags :source COMMAND params`.
public struct IRCMessage: Sendable, Equatable {
    /// IRCv3 tags; a tag without a value has the empty string.
    public var tags: [String: String]
    /// The prefix (`nick!user@host` or a server name), without its colon.
    public var source: String?
    /// The command, uppercased (`PRIVMSG`), or a three-digit numeric (`001`).
    public var command: String
    /// The parameters; the last may contain spaces.
    public var parameters: [String]

    /// Creates a message.
    public init(tags: [String: String] = [:], source: String? = nil, command: String, parameters: [String] = []) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// `command` with `parameters`, the usual way to build an outgoing line.
    public init(_ command: String, _ parameters: String...) {
        self.init(command: command, parameters: parameters)
    }

    /// The parameter at `index`, if there is one.
    public func parameter(_ index: Int) -> String? {
        index < parameters.count ? parameters[index] : nil
    }

    /// The source's nick (the part before `!`), or the server name.
    public var sourceNick: String? {
        source.map { String($0.prefix { $0 != "!" && $0 != "@" }) }
    }
}
