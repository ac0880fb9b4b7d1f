import HomeroomCore
import HomeroomEngine
import ServiceLifecycle

/// One thing a platform runs beside the HTTP server.
package enum PlatformService: Sendable {
    /// The platform's notifications, delivered from the outbox through `sender` by whichever
    /// instance holds its delivery duty; `summary` says on the status board how they go out.
    case delivery(any MessageSender, summary: String)
    /// A service run for the process's life, which stops the others when it ends (a connection
    /// the platform's events arrive over).
    case running(any Service)
}
