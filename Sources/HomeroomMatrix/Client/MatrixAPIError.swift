/// A request to the homeserver that did not succeed: what the server said (its `errcode` and
/// `error`, Client-Server API v3, Standard error response), or that no answer came.
package struct MatrixAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the request failed.
    package enum Kind: Sendable, Equatable {
        /// The server answered with an error status.
        case refused(status: Int, errcode: String?)
        /// `429 M_LIMIT_EXCEEDED`: try again after the wait the server gave (`retry_after_ms`, or
        /// `Retry-After`), capped at ``MatrixAPIError/longestRateLimitWait``.
        case rateLimited(retryAfter: Duration)
        /// No answer: the connection failed, broke, or the deadline passed.
        case noAnswer
        /// The server answered 2xx with a body the bot could not read.
        case malformed
        /// The server answered 2xx with a body larger than the bot reads from that endpoint (`/sync`'s
        /// 16 MB): asking the same again would get the same.
        case tooLarge
    }

    /// The longest wait a rate limit is obeyed for: a larger `retry_after_ms` is taken as this.
    package static let longestRateLimitWait = Duration.seconds(300)

    /// Why.
    package let kind: Kind
    /// A short account for the log and `/healthz` (the server's `error` text, cut to 200 characters).
    package let description: String

    /// An error.
    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// True when the access token is not (or no longer) valid: `M_UNKNOWN_TOKEN` or `M_MISSING_TOKEN`.
    package var isUnknownToken: Bool {
        if case .refused(_, let errcode) = kind { return errcode == "M_UNKNOWN_TOKEN" || errcode == "M_MISSING_TOKEN" }
        return false
    }

    /// True when repeating the request cannot help: a 4xx other than 408 and 429.
    package var isPermanent: Bool {
        if case .refused(let status, _) = kind { return (400..<500).contains(status) && status != 408 }
        return false
    }
}
