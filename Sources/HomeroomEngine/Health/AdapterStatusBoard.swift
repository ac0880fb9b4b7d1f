import Foundation
import Synchronization

/// The state of one adapter, as `/healthz` and `/metrics` report it.
package struct AdapterStatus: Sendable, Equatable {
    /// Where an adapter stands.
    package enum State: String, Sendable {
        /// Connecting or registering (IRC), or binding its port.
        case starting
        /// Up: connected to its server, or listening for requests.
        case up
        /// Down: disconnected and waiting to retry, or stopped.
        case down
        /// Standing by: another instance holds this connection (several instances on one database).
        case standby
    }

    /// Where it stands.
    package var state: State
    /// A few words for an admin: `listening on 127.0.0.1:8080`, `reconnecting in 20 s`.
    package var detail: String
    /// Since when it is in this state.
    package var since: Date

    /// Creates a status.
    package init(state: State, detail: String, since: Date) {
        self.state = state
        self.detail = detail
        self.since = since
    }
}

/// Where each adapter of this process stands: adapters report changes, the health and metrics
/// endpoints read them.
package final class AdapterStatusBoard: Sendable {
    private let statuses = Mutex<[String: AdapterStatus]>([:])

    /// An empty board.
    package init() {}

    /// Records that `adapter` is now in `state`.
    package func report(_ adapter: String, _ state: AdapterStatus.State, detail: String, at instant: Date = Date()) {
        statuses.withLock { $0[adapter] = AdapterStatus(state: state, detail: detail, since: instant) }
    }

    /// Every adapter's status, by adapter name.
    package var snapshot: [String: AdapterStatus] { statuses.withLock { $0 } }
}
