/// How a command ended, as counted in the metrics.
package enum CommandOutcome: String, Sendable, CaseIterable {
    /// The handler answered.
    case answered
    /// The command was refused with a short error: bad input, no permission, switched off, unknown.
    case refused
    /// The handler failed inside (the user got a reference to the log).
    case failed
    /// The sender was over the rate limit.
    case limited
}

/// One command the dispatcher handled, as the metrics see it.
package struct HandledCommand: Sendable, Equatable {
    /// The plugin that owns the command, or nil when no command was found (an unknown name, the
    /// rate limit before routing).
    package let pluginID: String?
    /// How it ended.
    package let outcome: CommandOutcome
    /// From recognising the message to the reply.
    package let duration: Duration

    /// Creates a record.
    package init(pluginID: String?, outcome: CommandOutcome, duration: Duration) {
        self.pluginID = pluginID
        self.outcome = outcome
        self.duration = duration
    }
}

/// Receives every handled command (the runtime counts them for `/metrics`); called on the
/// message path, so it must be quick and must not block.
package protocol CommandObserver: Sendable {
    /// Records one handled command.
    func commandHandled(_ command: HandledCommand)
}
