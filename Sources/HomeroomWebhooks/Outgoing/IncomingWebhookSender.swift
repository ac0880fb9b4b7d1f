import Foundation
import HomeroomCore
import HomeroomEngine

/// Delivers one platform's notifications from the outbox to its incoming-webhook URLs (Slack,
/// Mattermost, Discord, Teams), one URL per channel as configured. Each post carries the
/// message's idempotency key in an `Idempotency-Key` header for receivers that drop repeats.
/// Failures worth retrying go back to the outbox's backoff; a channel without a URL, a direct
/// message (incoming webhooks post to channels only) or a refused message is given up at once.
package struct IncomingWebhookSender: MessageSender {
    let platform: WebhookPlatform
    let urls: [String: URL]
    let poster: WebhookPoster
    /// The platform's JSON for a message of lines, the text escaped for the platform.
    let payload: @Sendable ([String]) -> [UInt8]

    package var adapter: String { platform.rawValue }

    /// A sender for `module`'s platform posting through `fetcher`; `urls` maps channels to webhook
    /// URLs (`*` for every other channel).
    package init(platform module: any PlatformModule.Type, urls: [String: URL], fetcher: any HTTPFetching, timeout: Duration) {
        self.platform = module.platform
        self.urls = urls
        self.poster = WebhookPoster(fetcher: fetcher, timeout: timeout)
        self.payload = { module.notification($0) }
    }

    /// True when `channel` has a URL of its own or the `*` URL.
    func hasURL(for channel: String) -> Bool { urls[channel] != nil || urls["*"] != nil }

    package func send(_ message: OutboxMessage) async throws {
        guard case .channel(let channel) = message.target else {
            throw DeliveryFailure(
                "\(platform.rawValue) incoming webhooks post to channels, not to \(message.target)", isPermanent: true)
        }
        guard let url = urls[channel] ?? urls["*"] else {
            throw DeliveryFailure(
                "no incoming webhook for \(channel) (webhooks.\(platform.rawValue).incomingWebhooks)", isPermanent: true
            )
        }
        try await poster.post(payload(message.lines), to: url, idempotencyKey: message.idempotencyKey)
    }
}
