import Foundation

extension WhatsAppCloudAPIServer {
    /// One message the fake accepted.
    public struct AcceptedMessage: Sendable, Equatable {
        /// What it carries.
        public enum Content: Sendable, Equatable {
            /// A free-form text.
            case text(String)
            /// An approved template with its body parameters.
            case template(name: String, language: String, parameters: [String])
        }

        /// Its id, `wamid.…`.
        public let id: String
        /// The recipient's number, digits only.
        public let to: String
        /// What it carries.
        public let content: Content
        /// When it arrived, on the clock's ``HomeroomClock/uptime``.
        public let arrivedAt: Duration
        /// When it arrived, by the clock's date.
        public let sentAt: Date

        /// The text it carries: a text's body, or a template's parameters joined by line breaks.
        public var text: String {
            switch content {
            case .text(let body): body
            case .template(_, _, let parameters): parameters.joined(separator: "\n")
            }
        }

        /// True for a template message.
        public var isTemplate: Bool {
            if case .template = content { return true }
            return false
        }
    }

    /// One request the fake refused.
    public struct Rejection: Sendable, Equatable {
        /// The error code (190, 131047, 130429, …).
        public let code: Int
        /// The HTTP status it came with.
        public let status: Int
        /// The recipient, when the request named one.
        public let to: String?
    }

    /// An answer the fake gives instead of handling a send, to test retries.
    public enum InjectedFailure: Sendable, Equatable {
        /// 429, error 130429, `Retry-After: 1`.
        case tooManyRequests
        /// 500, error 1.
        case internalServerError
        /// 503, error 2.
        case serviceUnavailable
    }

    /// A way to spoil a notification post, to test that the application refuses it.
    public enum NotificationTamper: Sendable, Equatable {
        /// Signed with another app secret.
        case wrongSecret
        /// Signed, then its body changed.
        case bodyChangedAfterSigning
        /// Sent without `X-Hub-Signature-256`.
        case noSignatureHeader
    }

    /// How the application answered a request the fake made.
    public struct WebhookAnswer: Sendable, Equatable {
        /// The HTTP status.
        public let status: Int
        /// The `Content-Type` header, if any.
        public let contentType: String?
        /// The body.
        public let body: String
    }
}
