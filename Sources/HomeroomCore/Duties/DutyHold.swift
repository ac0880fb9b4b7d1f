import Foundation

/// This instance's hold on a ``Duty``, handed to the work done under it.
///
/// The hold carries the lease's fencing token: ``database`` refuses a write once the lease has
/// passed to another instance (the transaction is rolled back with ``DutyLost``), so an
/// instance that was paused past its lease cannot act on the duty when it wakes. Work that acts
/// outside the database (a line sent to an IRC server) asks ``isHeld`` first.
package struct DutyHold: Sendable {
    /// The duty held.
    package let duty: Duty
    /// The lease's fencing token: it grows by one each time the duty changes hands.
    package let token: Int64
    /// The database, whose writes are refused once this hold is no longer the lease's.
    package let database: any Database
    private let stillHeld: @Sendable () -> Bool

    /// A hold on `duty` with `token`, writing through `database`; `stillHeld` answers, without
    /// waiting, whether the lease is known to be this instance's (its last renewal has not run out).
    package init(duty: Duty, token: Int64, database: any Database, stillHeld: @escaping @Sendable () -> Bool) {
        self.duty = duty
        self.token = token
        self.database = database
        self.stillHeld = stillHeld
    }

    /// True while this instance's last renewal of the lease has not run out. Checked before acting
    /// outside the database; it turns false at once when the process wakes from a pause past its lease.
    package var isHeld: Bool { stillHeld() }
}

/// A write made under a ``DutyHold`` whose lease another instance now holds; it was rolled back.
package struct DutyLost: Error, CustomStringConvertible {
    /// The duty.
    package let duty: Duty
    /// The token the refused write carried.
    package let token: Int64

    /// Creates the error.
    package init(duty: Duty, token: Int64) {
        self.duty = duty
        self.token = token
    }

    package var description: String { "the lease on \(duty) (token \(token)) has passed to another instance" }
}
