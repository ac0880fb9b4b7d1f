import Foundation

/// Which duties this instance holds, and the work done under each (DESIGN.md, Several instances).
///
/// One SQLite file is one instance, which holds every duty (`SoleInstanceRoster` in HomeroomEngine).
/// On PostgreSQL the instances share the duties through leases (`LeaseRoster` in HomeroomStorage):
/// each duty is held by one instance at a time, renewed by it, and taken over by another within
/// seconds when the holder dies or loses its database connection.
package protocol DutyRoster: Sendable {
    /// This instance's name in the roster (`host:pid:random`).
    var instanceID: String { get }

    /// Does `work` each time this instance holds `duty`, until the calling task is cancelled.
    ///
    /// `work` is called when the lease is taken, and cancelled when it is lost (another instance
    /// took it over, or renewals failed until it ran out). When `work` returns or throws while
    /// the lease is still held, it is called again after a short pause. On cancellation the
    /// lease is released, so another instance takes the duty over at once.
    func perform(_ duty: Duty, _ work: @escaping @Sendable (DutyHold) async throws -> Void) async

    /// The duties this instance holds now, with their fencing tokens.
    var heldDuties: [Duty: Int64] { get }

    /// Keeps the roster's leases until the task is cancelled, then releases them; `homeroom serve`
    /// runs it as the first of its services, so it stops last.
    func run() async
}
