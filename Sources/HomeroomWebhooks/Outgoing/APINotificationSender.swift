import Foundation
import HomeroomCore

/// Delivers notifications for the JSON API's users and channels to the clients' `notifyURL`s:
/// `{"user": "alice", "lines": […], "text": "…"}` for `api:CLIENT:alice` (to that client), or
/// `{"channel": "#lobby", …}` for a channel (to every client with a URL). Each post carries the
/// `Idempotency-Key` header and, for a client with an HMAC secret, `X-Homeroom-Client`,
/// `X-Homeroom-Timestamp` and `X-Homeroom-Notification-Signature: v1=HEX(HMAC-SHA256(secret,
/// "homeroom-notification:v1:TIMESTAMP:BODY"))`: a scheme of its own, so that a captured
/// notification posted back to `/api/v1/messages` is refused.
package struct APINotificationSender: MessageSender {
    package let adapter = WebhookPlatform.api.rawValue
    let urls: [String: URL]
    let credentials: APICredentials
    let poster: WebhookPoster
    let clock: any HomeroomClock

    struct Notification: Encodable {
        let user: String?
        let channel: String?
        let lines: [String]
        let text: String
    }

    /// A sender for the clients of `settings` that have a `notifyURL`.
    package init(settings: APISettings, fetcher: any HTTPFetching, timeout: Duration, clock: any HomeroomClock) {
        urls = settings.clients.compactMapValues(\.notifyURL)
        credentials = APICredentials(settings)
        poster = WebhookPoster(fetcher: fetcher, timeout: timeout)
        self.clock = clock
    }

    /// True when some client takes notifications.
    package var isEnabled: Bool { !urls.isEmpty }

    package func send(_ message: OutboxMessage) async throws {
        let text = message.lines.joined(separator: "\n")
        switch message.target {
        case .user(let user):
            let parts = user.id.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let url = urls[parts[0]] else {
                throw DeliveryFailure(
                    "no notifyURL for the API client of \(user) (webhooks.api.clients)", isPermanent: true)
            }
            try await post(
                Notification(user: parts[1], channel: nil, lines: message.lines, text: text), client: parts[0], to: url,
                key: message.idempotencyKey)
        case .channel(let channel):
            guard !urls.isEmpty else {
                throw DeliveryFailure("no API client has a notifyURL (webhooks.api.clients)", isPermanent: true)
            }
            for (client, url) in urls.sorted(by: { $0.key < $1.key }) {
                try await post(
                    Notification(user: nil, channel: channel, lines: message.lines, text: text), client: client,
                    to: url, key: message.idempotencyKey)
            }
        }
    }

    private func post(_ notification: Notification, client: String, to url: URL, key: String) async throws {
        let body = JSONBody.encode(notification)
        let timestamp = String(Int(clock.now.timeIntervalSince1970))
        var headers: [OutgoingRequest.HeaderField] = []
        if let signature = credentials.notificationSignature(client: client, timestamp: timestamp, body: body) {
            headers += [
                .init("X-Homeroom-Client", client), .init("X-Homeroom-Timestamp", timestamp),
                .init(APICredentials.notificationSignatureHeader, signature),
            ]
        }
        try await poster.post(body, to: url, idempotencyKey: key, headers: headers)
    }
}
