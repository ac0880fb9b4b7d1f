/// An error as Twilio's REST API answers one: the HTTP status and a JSON body
/// `{"code": …, "message": …, "more_info": "https://www.twilio.com/docs/errors/CODE", "status": …}`
/// (the shape documented with each code at https://www.twilio.com/docs/api/errors, e.g. 20003).
struct TwilioAPIError: Equatable {
    /// The HTTP status.
    let status: Int
    /// Twilio's error code.
    let code: Int
    /// Twilio's message for it.
    let message: String

    /// The body Twilio sends.
    var json: [String: any Sendable] {
        ["code": code, "message": message, "more_info": "https://www.twilio.com/docs/errors/\(code)", "status": status]
    }

    /// https://www.twilio.com/docs/api/errors/20003 — missing or wrong Account SID and Auth Token (401).
    static let authenticate = TwilioAPIError(status: 401, code: 20003, message: "Authenticate")
    /// https://www.twilio.com/docs/api/errors/20404 — the path names another account than the credentials.
    static let notFound = TwilioAPIError(
        status: 404, code: 20404, message: "The requested resource was not found")
    /// https://www.twilio.com/docs/api/errors/21604 — no `To`.
    static let toRequired = TwilioAPIError(status: 400, code: 21604, message: "A 'To' phone number is required.")
    /// https://www.twilio.com/docs/api/errors/21603 — neither `From` nor `MessagingServiceSid`.
    static let fromRequired = TwilioAPIError(status: 400, code: 21603, message: "A 'From' phone number is required.")
    /// https://www.twilio.com/docs/api/errors/21602 — an empty `Body` (and no media).
    static let bodyRequired = TwilioAPIError(status: 400, code: 21602, message: "Message body is required.")
    /// https://www.twilio.com/docs/api/errors/21617 — a `Body` over 1,600 characters.
    static let bodyTooLong = TwilioAPIError(
        status: 400, code: 21617, message: "The concatenated message body exceeds the 1600 character limit.")
    /// https://www.twilio.com/docs/api/errors/21610 — the recipient replied STOP.
    static let unsubscribed = TwilioAPIError(
        status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient")
    /// https://www.twilio.com/docs/api/errors/21609 — a `StatusCallback` that is not an http(s) URL.
    static let invalidStatusCallback = TwilioAPIError(
        status: 400, code: 21609, message: "Invalid StatusCallback url")
    /// https://www.twilio.com/docs/api/errors/20429 — "Too many requests" (HTTP 429); safe to retry.
    static let tooManyRequests = TwilioAPIError(status: 429, code: 20429, message: "Too Many Requests")
    /// https://www.twilio.com/docs/api/errors/20500 — an internal server error (500).
    static let internalServerError = TwilioAPIError(
        status: 500, code: 20500, message: "An internal server error has occurred")
    /// https://www.twilio.com/docs/api/errors/20503 — service unavailable (503).
    static let serviceUnavailable = TwilioAPIError(
        status: 503, code: 20503, message: "Service is unavailable. Please try again")

    /// https://www.twilio.com/docs/api/errors/21211 — a `To` that is not an E.164 number.
    static func invalidTo(_ to: String) -> TwilioAPIError {
        TwilioAPIError(status: 400, code: 21211, message: "Invalid 'To' Phone Number: \(to.prefix(64))")
    }
}
