import Foundation

/// How a platform's session handed to a ``ConnectionSupervisor`` ended.
package enum ConnectionEnd: Sendable, Equatable {
    /// The connection ended, or could not be made, for `reason` (a few words for an admin): the
    /// next attempt comes after the backoff's wait, or after `wait` seconds when the server named
    /// one (a rate limit) or the platform needs a fixed one.
    case ended(reason: String, wait: TimeInterval? = nil)
    /// The session asks for a new attempt at once, with nothing to report (Matrix logs in again
    /// after the homeserver refused the session's token).
    case startOver
}
