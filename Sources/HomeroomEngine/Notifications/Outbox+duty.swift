import HomeroomCore

/// The outbox as seen by delivery done under a duty's lease.
extension Outbox {
    /// This outbox writing through `hold`'s database, whose writes are refused once the lease has
    /// passed to another instance; its claims carry the hold's name (`delivery:slack#7`), unique
    /// to this lease on the duty, and its workers send only while the hold ``DutyHold/isHeld``.
    package func working(under hold: DutyHold) -> Outbox {
        Outbox(
            database: hold.database, clock: clock, retryPolicy: retryPolicy, claimer: "\(hold.duty)#\(hold.token)",
            claimLifetime: claimLifetime, hold: hold, metrics: metrics, bell: bell)
    }

    /// Throws ``DutyLost`` when this outbox works under a hold that is no longer held: checked
    /// before each message is sent, since a send acts outside the database's fence. An outbox not
    /// working under a hold always passes.
    func checkHeld() throws {
        guard let hold, !hold.isHeld else { return }
        throw DutyLost(duty: hold.duty, token: hold.token)
    }
}
