/// Why a fetch or a post failed, in two texts: ``message`` is short and safe to show in chat
/// ("the site could not be reached", "the server answered 503 Service Unavailable"), with no
/// address, port or network error in it, so a chat cannot be used to probe the network; ``detail``
/// is for the log and names the host, the address and what the network said.
///
/// ``description`` is the short text, so code that puts an error into a reply stays safe; loggers
/// use ``detail``.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for code that acts on it.
    public enum Reason: Sendable, Equatable {
        /// Not an http or https address.
        case notWebAddress
        /// The address is on a network fetches may not reach (loopback, private, link-local, …).
        case forbiddenAddress
        /// No connection: the name does not resolve, the connection was refused or broke, TLS failed.
        case unreachable
        /// The whole exchange did not end within its deadline.
        case timedOut
        /// The body is larger than allowed.
        case tooLarge
        /// The server answered with this status.
        case status(Int)
        /// More redirects than allowed.
        case tooManyRedirects
        /// A redirect from https to http.
        case insecureRedirect
        /// Anything else.
        case failed
    }

    /// What went wrong.
    public let reason: Reason
    /// A short reason for chat, without network detail.
    public let message: String
    /// The full story for the log: host, address, port, the network's own error.
    public let detail: String

    /// An error with a short `message` for chat and a `detail` for the log (the message when nil).
    public init(_ reason: Reason, message: String, detail: String? = nil) {
        self.reason = reason
        self.message = message
        self.detail = detail ?? message
    }

    /// An error whose text is safe for chat as it stands.
    public init(_ message: String) {
        self.init(.failed, message: message)
    }

    public var description: String { message }
}
