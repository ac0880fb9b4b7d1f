import HomeroomCore
import Synchronization

/// The accounts logged in now, by name, with what the outbox sender needs to deliver through
/// them: the logged-in client, the account's direct rooms and the hold the account runs under.
package final class LoggedInAccounts: Sendable {
    /// One logged-in account.
    package struct Account: Sendable {
        /// The client, with the account's token.
        package let client: MatrixClient
        /// The account's direct rooms.
        package let directRooms: DirectRooms
        /// The hold on the account's duty; its database refuses writes once the lease passed on.
        package let hold: DutyHold
    }

    private let accounts = Mutex<[String: Account]>([:])

    /// No account logged in.
    package init() {}

    /// Records that `name` is logged in.
    package func add(_ name: String, _ account: Account) {
        accounts.withLock { $0[name] = account }
    }

    /// Records that `name` is no longer logged in.
    package func remove(_ name: String) {
        accounts.withLock { $0[name] = nil }
    }

    /// The account `name`, while it is logged in.
    package func account(_ name: String) -> Account? {
        accounts.withLock { $0[name] }
    }
}
