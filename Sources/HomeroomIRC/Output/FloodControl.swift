import Foundation

/// The outgoing token bucket, modelled on the server's flood timer of RFC 1459 (section 8.10):
/// the server charges every line a penalty (2 s) and stops reading a client, or disconnects it
/// for excess flood, once the penalties run more than an allowance (10 s) ahead of the clock.
/// So `burst` lines may go at once (10 s / 2 s = 5), then one every `secondsPerLine`; a long
/// line costs more, because servers count bytes as well (ngircd throttles a client past 256
/// bytes a second and disconnects it when 2 KB wait unread). Off, every line goes at once.
///
/// The lines of the protocol itself (registration, SASL, OPER, MODE, JOIN, NICK, PING, PONG,
/// QUIT) are free: they are few, they come before any answer or seldom (a rejoin, a PONG), and
/// charging them would leave the first answers after connecting waiting for the bucket. Lines
/// to people (PRIVMSG, NOTICE) and queries (WHOIS) pay; a notice in the control lane (the rate
/// limit's "try again in 3 s", at most one a person at a time) may borrow up to one burst, so that
/// it is still true when it arrives.
public struct FloodControl: Sendable, Equatable {
    /// False sends every line at once.
    public var isEnabled: Bool
    /// Lines that may go at once.
    public var burst: Double
    /// Seconds per line after the burst.
    public var secondsPerLine: Double

    /// The defaults: RFC 1459's allowance used to the full, a burst of 5 lines and then a line
    /// every 2 s (at most 256 bytes a second).
    public init(isEnabled: Bool = true, burst: Double = 5, secondsPerLine: Double = 2) {
        self.isEnabled = isEnabled
        self.burst = burst
        self.secondsPerLine = secondsPerLine
    }

    /// What a line of `bytes` costs, in lines: 1, plus a share for every byte over 200.
    static func cost(ofLineBytes bytes: Int) -> Double {
        1 + Double(max(0, bytes - 200)) / 400
    }

    /// The protocol's own commands, which never wait for the bucket and cost nothing.
    static let freeCommands: Set<String> = [
        "CAP", "AUTHENTICATE", "PASS", "NICK", "USER", "OPER", "MODE", "JOIN", "PING", "PONG", "QUIT",
    ]
}
