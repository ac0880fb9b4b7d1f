extension TwilioAPIServer {
    /// One message the fake accepted (201).
    public struct AcceptedMessage: Sendable, Equatable {
        /// Its Message SID, `SM` and 32 hex digits.
        public let sid: String
        /// The recipient, E.164.
        public let to: String
        /// The `From` sent, if any.
        public let from: String?
        /// The `MessagingServiceSid` sent, if any.
        public let messagingServiceSID: String?
        /// Its text, as sent.
        public let body: String
        /// The segments it was charged as.
        public let segments: Int
        /// The `StatusCallback` URL sent, if any.
        public let statusCallback: String?
        /// When it arrived, on the server clock's ``HomeroomClock/uptime``.
        public let arrivedAt: Duration

        /// The sender its segments were charged to: `From`, else the Messaging Service.
        public var sender: String { from ?? messagingServiceSID ?? "" }
    }

    /// One request the fake refused with a Twilio error (injected 500s and 503s are not here).
    public struct Rejection: Sendable, Equatable {
        /// Twilio's error code (21610, 20429, …).
        public let code: Int
        /// The HTTP status it came with.
        public let status: Int
        /// The `To` sent, if any.
        public let to: String?
        /// The sender (`From`, else `MessagingServiceSid`), if any.
        public let sender: String?
    }

    /// How a message to a number ends, which its status callbacks tell.
    public enum FinalStatus: Sendable, Equatable {
        /// `sent`, then `delivered`.
        case delivered
        /// `sent`, then `undelivered` with `ErrorCode` (30003, "Unreachable destination handset").
        case undelivered(errorCode: Int)
        /// `failed` with `ErrorCode`: it never left Twilio.
        case failed(errorCode: Int)
    }

    /// An answer the fake gives instead of handling a request, to test retries.
    public enum InjectedFailure: Sendable, Equatable {
        /// 500, Twilio error 20500.
        case internalServerError
        /// 503, Twilio error 20503.
        case serviceUnavailable
    }

    /// When status callbacks are posted.
    public enum StatusCallbackDelivery: Sendable, Equatable {
        /// When the test calls ``TwilioAPIServer/deliverStatuses()``.
        case onRequest
        /// Right after each message is accepted.
        case automatic
    }

    /// One status callback the fake posted.
    public struct StatusCallbackPost: Sendable, Equatable {
        /// The `StatusCallback` URL, exactly as the message gave it (what the signature covers).
        public let url: String
        /// The form parameters posted.
        public let parameters: [String: String]
        /// The `X-Twilio-Signature` sent.
        public let signature: String
        /// The receiver's HTTP status; nil when it could not be reached (or is not on loopback).
        public let responseStatus: Int?
    }
}
