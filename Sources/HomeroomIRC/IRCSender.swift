import HomeroomCore
import HomeroomEngine

/// Delivers notifications addressed to `irc`: a channel (`#lunch`, or `libera/#lunch` to name the
/// network) or a user, in the bulk lane behind people's answers. A delivery counts only once its
/// lines were written to the connection; when the network is down, or the connection drops first,
/// it fails and the outbox retries it later.
///
/// A message for a person goes to a nick only when the server says, right before, that the nick
/// is theirs (WHOIS): for `irc:libera:alice` (a services account), that the nick is logged in to
/// the account; for `irc:libera:alice!~a@host`, that the nick is held from that `user@host`.
/// Otherwise it waits in the outbox, never sent to whoever holds the nick now.
public struct IRCSender: MessageSender {
    let connections: IRCConnectionRegistry
    let networks: [String]

    /// Whom a target names on its network.
    private enum Recipient {
        case channel(String)
        case account(String)
        case nick(String, userAndHost: String)
    }

    /// `irc`.
    public var adapter: String { "irc" }

    /// Sends `message` and returns once it was written; throws `DeliveryFailure` when it cannot go now.
    public func send(_ message: OutboxMessage) async throws {
        let (network, recipient) = try route(message.target)
        guard let state = connections.connection(network), await state.isRegistered else {
            throw DeliveryFailure("not connected to \(network)")
        }
        let target: String
        switch recipient {
        case .channel(let channel): target = channel
        case .account(let account): target = try await nick(loggedInTo: account, on: state, network: network)
        case .nick(let nick, let userAndHost):
            target = try await self.nick(nick, heldFrom: userAndHost, on: state, network: network)
        }
        let budget = ReplySplitter.budget(nick: await state.nick, userAndHost: await state.userAndHost, target: target)
        let lines = ReplySplitter.split(lines: message.lines, budget: budget)
        guard await state.sendConfirmed(lines.map { IRCMessage("PRIVMSG", target, $0) }, lane: .bulk, target: target)
        else {
            throw DeliveryFailure("the connection to \(network) closed before the message went out")
        }
    }

    /// The nick the server says is logged in to `account` now.
    private func nick(loggedInTo account: String, on state: IRCConnectionState, network: String) async throws
        -> String
    {
        for candidate in await state.nicksToAsk(forAccount: account) {
            guard let answer = await state.whois(candidate), let held = answer.account else { continue }
            if await state.sameName(held, account) { return answer.nick }
        }
        throw DeliveryFailure("nobody on \(network) is logged in to the account \(account) now; the message waits")
    }

    /// `nick`, when the server says it is held from `userAndHost` now.
    private func nick(_ nick: String, heldFrom userAndHost: String, on state: IRCConnectionState, network: String)
        async throws -> String
    {
        guard let answer = await state.whois(nick), let current = answer.userAndHost,
            Self.sameUserAndHost(current, userAndHost)
        else {
            throw DeliveryFailure("\(nick) on \(network) is not the same user@host now; the message waits")
        }
        return answer.nick
    }

    /// The user part compared exactly, the host without regard to case (DNS names).
    static func sameUserAndHost(_ a: String, _ b: String) -> Bool {
        let (first, second) = (a.split(separator: "@", maxSplits: 1), b.split(separator: "@", maxSplits: 1))
        guard first.count == 2, second.count == 2 else { return false }
        return first[0] == second[0] && first[1].lowercased() == second[1].lowercased()
    }

    /// The network and whom a target names there.
    private func route(_ target: DeliveryTarget) throws -> (String, Recipient) {
        switch target {
        case .channel(let name):
            if let slash = name.firstIndex(of: "/") {
                return (String(name[..<slash]), .channel(String(name[name.index(after: slash)...])))
            }
            guard let first = networks.first else {
                throw DeliveryFailure("no IRC network is configured", isPermanent: true)
            }
            return (first, .channel(name))
        case .user(let user):
            let parts = user.id.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, networks.contains(String(parts[0])) else {
                throw DeliveryFailure("\(user) names no configured IRC network", isPermanent: true)
            }
            let who = parts[1]
            // irc:NETWORK:ACCOUNT, or irc:NETWORK:nick!user@host for someone without an account.
            guard let bang = who.firstIndex(of: "!") else { return (String(parts[0]), .account(String(who))) }
            let nick = String(who[..<bang])
            let userAndHost = String(who[who.index(after: bang)...])
            guard !nick.isEmpty, userAndHost.contains("@") else {
                throw DeliveryFailure("\(user) is not an IRC account or nick!user@host", isPermanent: true)
            }
            return (String(parts[0]), .nick(nick, userAndHost: userAndHost))
        }
    }
}
