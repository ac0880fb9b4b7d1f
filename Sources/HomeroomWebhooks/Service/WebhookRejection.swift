import HTTPTypes

/// A request the server refuses: the status and a short reason, sent as `{"error": "…"}` and
/// logged once.
struct WebhookRejection: Error, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "\(status.code) \(message)" }

    static func unauthorized(_ message: String) -> WebhookRejection { WebhookRejection(.unauthorized, message) }
    static func badRequest(_ message: String) -> WebhookRejection { WebhookRejection(.badRequest, message) }
    static func notSetUp(_ what: String, key: String) -> WebhookRejection {
        WebhookRejection(.notFound, "\(what) are not set up on this server (webhooks.\(key) in the configuration)")
    }
}
