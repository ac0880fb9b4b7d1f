import HomeroomCore

/// Delivers notifications addressed to `irc`: a channel (`#lunch`, or `libera/#lunch` to name the
/// network) or a user (`irc:libera:alice`), in the bulk lane behind people's answers. A delivery
/// counts only once its lines were written to the connection; when the network is down, or the
/// connection drops first, it fails and the outbox retries it later.
public struct IRCSender: MessageSender {
    let connections: IRCConnectionRegistry
    let networks: [String]

    public var adapter: String { "irc" }

    public func send(_ message: OutboxMessage) async throws {
        let (network, target) = try route(message.target)
        guard let state = connections.connection(network), await state.isRegistered else {
            throw DeliveryFailure("not connected to \(network)")
        }
        let budget = ReplySplitter.budget(nick: await state.nick, userAndHost: await state.userAndHost, target: target)
        let lines = ReplySplitter.split(lines: message.lines, budget: budget)
        guard await state.sendConfirmed(lines.map { IRCMessage("PRIVMSG", target, $0) }, lane: .bulk, target: target)
        else {
            throw DeliveryFailure("the connection to \(network) closed before the message went out")
        }
    }

    /// The network and the channel or nick a target names.
    private func route(_ target: DeliveryTarget) throws -> (String, String) {
        switch target {
        case .channel(let name):
            if let slash = name.firstIndex(of: "/") {
                return (String(name[..<slash]), String(name[name.index(after: slash)...]))
            }
            guard let first = networks.first else {
                throw DeliveryFailure("no IRC network is configured", isPermanent: true)
            }
            return (first, name)
        case .user(let user):
            let parts = user.id.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, networks.contains(String(parts[0])) else {
                throw DeliveryFailure("\(user) names no configured IRC network", isPermanent: true)
            }
            // irc:NETWORK:ACCOUNT or irc:NETWORK:nick!user@host — a message goes to the nick.
            return (String(parts[0]), String(parts[1].prefix { $0 != "!" }))
        }
    }
}
