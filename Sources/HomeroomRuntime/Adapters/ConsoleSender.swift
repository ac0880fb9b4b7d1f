import HomeroomCore

/// Delivers the outbox's notifications for the `console` adapter by printing them, so that
/// subscriptions can be tried on the terminal of `homeroom serve`.
public struct ConsoleSender: MessageSender {
    public let adapter = "console"

    /// Creates the sender.
    public init() {}

    public func send(_ message: OutboxMessage) async throws {
        StandardOutput.write(message.lines.map { "[to \(message.target)] \($0)" }.joined(separator: "\n"))
    }
}
