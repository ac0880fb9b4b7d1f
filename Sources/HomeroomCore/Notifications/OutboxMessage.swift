import Foundation

/// Where a notification goes: a channel, or one user in a direct message, on one adapter.
public enum DeliveryTarget: Hashable, Sendable, CustomStringConvertible {
    /// A channel, by the platform's name for it.
    case channel(String)
    /// A user, in a direct message.
    case user(UserID)

    /// `channel:#general` or `user:slack:U1`, as stored.
    public var description: String {
        switch self {
        case .channel(let name): "channel:\(name)"
        case .user(let user): "user:\(user)"
        }
    }

    /// Reads the stored form (``description``).
    public init?(stored: String) {
        if stored.hasPrefix("channel:") {
            self = .channel(String(stored.dropFirst(8)))
        } else if stored.hasPrefix("user:"), let user = UserID(String(stored.dropFirst(5))) {
            self = .user(user)
        } else {
            return nil
        }
    }
}

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
