import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// Delivers notifications for the JSON API's users and channels to the clients' `notifyURL`s:
/// `{"user": "alice", "lines": […], "text": "…"}` for `api:CLIENT:alice`, or
/// `{"channel": "#lobby", …}` for the channel `CLIENT:#lobby`, each to that one client. A channel
/// is its client's own (``MessageAPIEndpoint`` names a client's `#lobby` `CLIENT:#lobby`), so no
/// client hears of another's channels, and a failed post is retried to that client alone. A
/// channel queued before channels were kept per client names none: it goes to the one client
/// with a `notifyURL`, and is given up when there are several, since it cannot say whose it is.
/// Each post carries the
/// `Idempotency-Key` header and, for a client with an HMAC secret, `X-Homeroom-Client`,
/// `X-Homeroom-Timestamp` and `X-Homeroom-Notification-Signature: v1=HEX(HMAC-SHA256(secret,
/// "homeroom-notification:v1:TIMESTAMP:BODY"))`: a scheme of its own, so that a captured
/// notification posted back to `/api/v1/messages` is refused.
package struct APINotificationSender: MessageSender {
    package let adapter = WebhookPlatform.api.rawValue
    /// Every client's name, with a `notifyURL` or not.
    let clients: Set<String>
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
        clients = Set(settings.clients.keys)
        urls = settings.clients.compactMapValues(\.notifyURL)
        credentials = APICredentials(settings)
        poster = WebhookPoster(fetcher: fetcher, timeout: timeout)
        self.clock = clock
    }

    /// True when some client takes notifications.
    package var isEnabled: Bool { !urls.isEmpty }

    /// The name the API gives a client's channel: `kiosk:#lobby` for client `kiosk`'s `#lobby`.
    static func channel(_ channel: String, of client: String) -> String { "\(client):\(channel)" }

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
        case .channel(let name):
            let (client, channel, url) = try recipient(ofChannel: name)
            try await post(
                Notification(user: nil, channel: channel, lines: message.lines, text: text), client: client, to: url,
                key: message.idempotencyKey)
        }
    }

    /// The client that owns the channel `name`, the client's own name for it, and its `notifyURL`.
    private func recipient(ofChannel name: String) throws(DeliveryFailure) -> (
        client: String, channel: String, url: URL
    ) {
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2, clients.contains(parts[0]) {
            guard let url = urls[parts[0]] else {
                throw DeliveryFailure(
                    "no notifyURL for the API client \(parts[0]) of channel \(parts[1]) (webhooks.api.clients)",
                    isPermanent: true)
            }
            return (parts[0], parts[1], url)
        }
        guard urls.count == 1, let only = urls.first else {
            throw DeliveryFailure(
                urls.isEmpty
                    ? "no API client has a notifyURL (webhooks.api.clients)"
                    : "channel \(name) names no API client, and \(urls.count) have a notifyURL: it is sent to none "
                        + "of them (subscribe again in the channel, through its client)",
                isPermanent: true)
        }
        return (only.key, name, only.value)
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
