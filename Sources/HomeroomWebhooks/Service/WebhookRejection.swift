import HTTPTypes

/// A request the server refuses: the status and a short reason, sent as `{"error": "…"}` and
/// logged once.
package struct WebhookRejection: Error, CustomStringConvertible {
    let status: HTTPResponse.Status
    package let message: String
    /// True when the request's body was not read: the answer asks the client to close the connection.
    let closesConnection: Bool

    package init(_ status: HTTPResponse.Status, _ message: String, closesConnection: Bool = false) {
        self.status = status
        self.message = message
        self.closesConnection = closesConnection
    }

    package var description: String { "\(status.code) \(message)" }

    package static func unauthorized(_ message: String) -> WebhookRejection { WebhookRejection(.unauthorized, message) }
    package static func badRequest(_ message: String) -> WebhookRejection { WebhookRejection(.badRequest, message) }
    package static func notSetUp(_ what: String, key: String) -> WebhookRejection {
        WebhookRejection(.notFound, "\(what) are not set up on this server (webhooks.\(key) in the configuration)")
    }
}
