import HomeroomCore

/// A notification waiting in the outbox, or being delivered.
public struct OutboxMessage: Sendable, Equatable {
    /// The outbox row.
    public let id: Int64
    /// The adapter that delivers it (`irc`, `slack`, …).
    public let adapter: String
    /// Where it goes.
    public let target: DeliveryTarget
    /// What it says.
    public let lines: [String]
    /// A key unique to this notification (`lunch:2026-12-03:#cafeteria`): enqueuing it again
    /// changes nothing, and senders may pass it on so a receiver can drop a repeat.
    public let idempotencyKey: String
    /// Delivery attempts that failed so far.
    public let failedAttempts: Int
}
