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
