/// One IRC protocol line (RFC 1459/2812 with IRCv3 message tags): `@tags :source COMMAND params`.
package struct IRCMessage: Sendable, Equatable {
    /// IRCv3 tags; a tag without a value has the empty string.
    package var tags: [String: String]
    /// The prefix (`nick!user@host` or a server name), without its colon.
    package var source: String?
    /// The command, uppercased (`PRIVMSG`), or a three-digit numeric (`001`).
    package var command: String
    /// The parameters; the last may contain spaces.
    package var parameters: [String]

    /// Creates a message.
    package init(tags: [String: String] = [:], source: String? = nil, command: String, parameters: [String] = []) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// `command` with `parameters`, the usual way to build an outgoing line.
    package init(_ command: String, _ parameters: String...) {
        self.init(command: command, parameters: parameters)
    }

    /// The parameter at `index`, if there is one.
    package func parameter(_ index: Int) -> String? {
        index < parameters.count ? parameters[index] : nil
    }

    /// The source's nick (the part before `!`), or the server name.
    package var sourceNick: String? {
        source.map { String($0.prefix { $0 != "!" && $0 != "@" }) }
    }
}
