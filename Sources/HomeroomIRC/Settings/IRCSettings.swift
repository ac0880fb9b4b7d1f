import Foundation
import HomeroomCore

/// The `irc` section of the configuration: the networks to connect to.
public struct IRCSettings: Sendable, Decodable {
    /// One entry per network; empty: no IRC.
    public var networks: [IRCNetworkSettings] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case networks }

    /// No networks: IRC is off.
    public init() {}

    /// Reads the section; unknown keys and two networks of one name are refused.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        networks = try container.decode(.networks, or: networks)
        var seen: Set<String> = []
        for network in networks where !seen.insert(network.name).inserted {
            throw DecodingError.dataCorruptedError(
                forKey: .networks, in: container, debugDescription: "two networks are named \(network.name)")
        }
    }
}

/// One IRC network: where, who the bot is there, which channels, and how it behaves.
public struct IRCNetworkSettings: Sendable, Decodable {
    /// The network's name, part of its users' ids (`irc:libera:alice`): letters, digits and `-`.
    public var name: String
    /// The server's name or address.
    public var host: String
    /// 6697 with TLS, 6667 without, unless given.
    public var port: Int
    /// True connects with TLS (the default).
    public var tls = true
    /// True accepts a server certificate that does not verify (a school's self-signed server).
    public var allowInvalidCertificate = false
    /// Seconds for the name lookup and the TCP (and TLS) connection together.
    public var connectTimeoutSeconds = 15.0
    /// How the bot registers and behaves in the session.
    public var session: IRCSessionSettings
    /// How fast the bot may send (``FloodControl``).
    public var flood = FloodControl()
    /// Lines of one answer shown in a channel; the rest waits for `!more`.
    public var maximumLinesInChannel = 4
    /// True sends answers longer than `maximumLinesInChannel` as a direct message instead.
    public var longAnswersInDirectMessage = false
    /// The first wait before reconnecting; it doubles up to `maximumReconnectSeconds`.
    public var firstReconnectSeconds = 2.0
    /// The longest wait before reconnecting.
    public var maximumReconnectSeconds = 300.0
    /// A connection that lasted this long resets the backoff.
    public var stableAfterSeconds = 120.0
    /// True lets people without a services account (`irc:NETWORK:nick!user@host`) log in with a
    /// PIN, link accounts and use their roles, for a network that has no services (NickServ,
    /// SASL). Off by default: anyone can take a nick, and behind a web-chat gateway or a shared
    /// host many people have the same `nick!user@host`. A warning is logged at start-up when on.
    public var allowPinLoginWithoutServices = false

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, host, port, tls, allowInvalidCertificate, connectTimeoutSeconds, serverPassword, nick,
            alternateNicks, user, realName, sasl, nickServPassword, channels, maximumLinesInChannel,
            longAnswersInDirectMessage, flood, pingIntervalSeconds, pingTimeoutSeconds, saslTimeoutSeconds,
            rejoinAfterKickSeconds, firstReconnectSeconds, maximumReconnectSeconds, stableAfterSeconds, operatorName,
            operatorPassword, userModes, allowPinLoginWithoutServices
    }

    private enum SASLKeys: String, CodingKey, CaseIterable { case account, password, onFailure }
    private enum FloodKeys: String, CodingKey, CaseIterable { case enabled, burst, secondsPerLine }

    /// A network with the defaults.
    public init(name: String, host: String, port: Int, nick: String = "homeroom") {
        self.name = name
        self.host = host
        self.port = port
        session = IRCSessionSettings(nick: nick)
    }

    /// Reads one network; unknown keys and values out of range are refused with the key named.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        name = try container.decode(String.self, forKey: .name)
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw container.invalid(.name, "one word of letters, digits and -, e.g. libera")
        }
        host = try container.decode(String.self, forKey: .host)
        tls = try container.decode(.tls, or: tls)
        port = try container.decode(.port, or: tls ? 6697 : 6667)
        guard (1...65535).contains(port) else { throw container.invalid(.port, "a port from 1 to 65535") }
        allowInvalidCertificate = try container.decode(.allowInvalidCertificate, or: false)
        connectTimeoutSeconds = try container.decode(.connectTimeoutSeconds, or: connectTimeoutSeconds)
        var session = IRCSessionSettings(nick: try container.decode(.nick, or: "homeroom"))
        guard Self.isNick(session.nick) else { throw container.invalid(.nick, "a nick without spaces, e.g. homeroom") }
        session.alternateNicks = try container.decode(.alternateNicks, or: [String]())
        session.user = try container.decode(.user, or: session.user)
        session.realName = try container.decode(.realName, or: session.realName)
        session.serverPassword = try container.decodeSecret(.serverPassword, environment: environment)
        session.nickServPassword = try container.decodeSecret(.nickServPassword, environment: environment)
        session.operatorName = try container.decodeIfPresent(String.self, forKey: .operatorName)
        session.operatorPassword = try container.decodeSecret(.operatorPassword, environment: environment)
        session.userModes = try container.decodeIfPresent(String.self, forKey: .userModes)
        if container.contains(.sasl), try !container.decodeNil(forKey: .sasl) {
            let sasl = try container.nestedContainer(keyedBy: SASLKeys.self, forKey: .sasl)
            let onFailure = try sasl.decode(.onFailure, or: "continue")
            guard onFailure == "continue" || onFailure == "disconnect" else {
                throw sasl.invalid(.onFailure, "continue or disconnect")
            }
            session.sasl = .init(
                account: try sasl.decode(String.self, forKey: .account),
                password: try sasl.decodeSecret(.password, environment: environment) ?? "",
                continueOnFailure: onFailure == "continue")
        }
        session.channels = try container.decode(.channels, or: [String]()).map { entry in
            let parts = entry.split(separator: " ", maxSplits: 1)
            guard let first = parts.first, let sigil = first.first, "#&+!".contains(sigil) else {
                throw container.invalid(.channels, "\"\(entry)\" is not a channel such as #lunch or \"#staff key\"")
            }
            return .init(name: String(first), key: parts.count > 1 ? String(parts[1]) : nil)
        }
        session.pingInterval = try container.decode(.pingIntervalSeconds, or: session.pingInterval)
        session.pingTimeout = try container.decode(.pingTimeoutSeconds, or: session.pingTimeout)
        session.saslTimeout = try container.decode(.saslTimeoutSeconds, or: session.saslTimeout)
        session.rejoinDelay = try container.decode(.rejoinAfterKickSeconds, or: session.rejoinDelay)
        self.session = session
        maximumLinesInChannel = try container.decode(.maximumLinesInChannel, or: maximumLinesInChannel)
        guard maximumLinesInChannel >= 2 else { throw container.invalid(.maximumLinesInChannel, "2 or more") }
        longAnswersInDirectMessage = try container.decode(.longAnswersInDirectMessage, or: false)
        if container.contains(.flood) {
            let nested = try container.nestedContainer(keyedBy: FloodKeys.self, forKey: .flood)
            let defaults = FloodControl()
            flood = FloodControl(
                isEnabled: try nested.decode(.enabled, or: defaults.isEnabled),
                burst: try nested.decode(.burst, or: defaults.burst),
                secondsPerLine: try nested.decode(.secondsPerLine, or: defaults.secondsPerLine))
            // A burst under 2 could never pay for a long line (it costs up to 1.8).
            guard flood.burst >= 2, flood.burst <= 1000, flood.secondsPerLine > 0, flood.secondsPerLine <= 60 else {
                throw container.invalid(.flood, "burst from 2 to 1000 and secondsPerLine above 0, at most 60")
            }
        }
        firstReconnectSeconds = try container.decode(.firstReconnectSeconds, or: firstReconnectSeconds)
        maximumReconnectSeconds = try container.decode(.maximumReconnectSeconds, or: maximumReconnectSeconds)
        stableAfterSeconds = try container.decode(.stableAfterSeconds, or: stableAfterSeconds)
        guard firstReconnectSeconds > 0, maximumReconnectSeconds >= firstReconnectSeconds else {
            throw container.invalid(.maximumReconnectSeconds, "at least firstReconnectSeconds, both above 0")
        }
        allowPinLoginWithoutServices = try container.decode(.allowPinLoginWithoutServices, or: false)
    }

    static func isNick(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(where: { $0.isWhitespace || $0 == "," || $0 == "*" || $0 == "!" || $0 == "@" })
            && !(text.first?.isNumber ?? false)
    }
}
