/// The outbox as seen by delivery done under a duty's lease.
extension Outbox {
    /// This outbox writing through `hold`'s database, whose writes are refused once the lease has
    /// passed to another instance; its claims carry the hold's name (`delivery:slack#7`), unique
    /// to this lease on the duty.
    package func working(under hold: DutyHold) -> Outbox {
        Outbox(
            database: hold.database, clock: clock, retryPolicy: retryPolicy, claimer: "\(hold.duty)#\(hold.token)",
            claimLifetime: claimLifetime)
    }
}
