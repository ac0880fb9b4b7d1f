import HomeroomCore
import HomeroomEngine

/// Delivers the outbox's notifications for the `console` adapter by printing them, so that
/// subscriptions can be tried on the terminal of `homeroom serve`.
package struct ConsoleSender: MessageSender {
    package let adapter = "console"

    /// Creates the sender.
    package init() {}

    package func send(_ message: OutboxMessage) async throws {
        StandardOutput.write(message.lines.map { "[to \(message.target)] \($0)" }.joined(separator: "\n"))
    }
}
