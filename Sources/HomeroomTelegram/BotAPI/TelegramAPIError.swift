/// A Bot API request that failed: Telegram's refusal, or no answer at all.
package struct TelegramAPIError: Error, CustomStringConvertible, Equatable {
    /// What the error means for the caller.
    package enum Kind: Sendable, Equatable {
        /// No answer came (no connection, the deadline passed), or one that was not the Bot API's.
        case noAnswer
        /// 429: flood control; wait ``TelegramAPIError/retryAfter`` seconds.
        case tooManyRequests
        /// 401 or 404: the token is wrong or revoked.
        case unauthorized
        /// 403: the bot may not write there (a person who never started it, a group it left).
        case forbidden
        /// 409: another getUpdates or a webhook holds the bot's updates.
        case conflict
        /// 5xx: Telegram's own trouble; try again.
        case serverError
        /// Any other refusal (400: a chat that does not exist, text it could not parse).
        case refused
    }

    package let kind: Kind
    /// Telegram's `error_code`, or the HTTP status when it sent none; 0 when nothing answered.
    package let code: Int
    /// What went wrong, in Telegram's words or ours; never the token.
    package let detail: String
    /// `parameters.retry_after`: "In case of exceeding flood control, the number of seconds left to
    /// wait before the request can be repeated" (https://core.telegram.org/bots/api#responseparameters).
    package let retryAfter: Int?

    package init(_ kind: Kind, code: Int, detail: String, retryAfter: Int? = nil) {
        self.kind = kind
        self.code = code
        self.detail = detail
        self.retryAfter = retryAfter
    }

    /// The kind of a refusal with `code`.
    static func kind(of code: Int) -> Kind {
        switch code {
        case 429: .tooManyRequests
        case 401, 404: .unauthorized
        case 403: .forbidden
        case 409: .conflict
        case 500...599: .serverError
        default: .refused
        }
    }

    /// True when the same request may work later.
    package var isWorthRetrying: Bool { [.noAnswer, .tooManyRequests, .serverError, .conflict].contains(kind) }

    package var description: String {
        code == 0 ? "Telegram did not answer: \(detail)" : "Telegram refused (\(code)): \(detail)"
    }
}
