/// What an adapter provides so the outbox can deliver through it.
package protocol MessageSender: Sendable {
    /// The adapter's name; the worker delivers the messages addressed to it.
    var adapter: String { get }
    /// Sends one message; throws ``DeliveryFailure`` (or any error) when it did not go out.
    func send(_ message: OutboxMessage) async throws
}

/// A failed delivery, with the platform's own wait when it gave one (HTTP 429 `Retry-After`).
package struct DeliveryFailure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String
    /// Seconds the platform asked to wait before the next attempt.
    package let retryAfter: Double?
    /// True when trying again cannot help (no webhook URL for the channel, the platform refused the
    /// message as malformed): the message is given up at once instead of retried for a day.
    package let isPermanent: Bool

    /// Creates a failure.
    package init(_ description: String, retryAfter: Double? = nil, isPermanent: Bool = false) {
        self.description = description
        self.retryAfter = retryAfter
        self.isPermanent = isPermanent
    }
}
