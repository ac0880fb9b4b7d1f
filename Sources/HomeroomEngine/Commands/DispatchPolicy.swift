import HomeroomCore

/// A platform's rule on who may run which command, which the ``Dispatcher`` applies once it
/// knows the command, before it counts the message against the rate limit (IRC's: someone the
/// server does not vouch for uses the student commands only).
package protocol DispatchPolicy: Sendable {
    /// The refusal to answer when `message` runs `command` (the command it names, `top`, or one
    /// of its subcommands), typed with `prefix`; nil lets it run.
    func refusal(
        for command: RegisteredCommand, named top: RegisteredCommand, in message: IncomingMessage, prefix: String
    ) -> String?
}
