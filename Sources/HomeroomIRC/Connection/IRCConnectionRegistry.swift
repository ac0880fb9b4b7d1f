import Synchronization

/// The registered connections, by network name, for the outbox sender.
final class IRCConnectionRegistry: Sendable {
    private let connections = Mutex<[String: IRCConnectionState]>([:])

    func add(_ network: String, _ state: IRCConnectionState) {
        connections.withLock { $0[network] = state }
    }

    func remove(_ network: String) {
        connections.withLock { $0[network] = nil }
    }

    func connection(_ network: String) -> IRCConnectionState? {
        connections.withLock { $0[network] }
    }
}
