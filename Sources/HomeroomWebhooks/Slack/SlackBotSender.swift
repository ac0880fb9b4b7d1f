import Foundation
import HomeroomCore

/// Slack notifications through the bot token: `chat.postMessage` to channels, and to people
/// through the direct-message channel `conversations.open` gives (remembered in the adapter state).
package struct SlackBotSender: MessageSender {
    package let adapter = WebhookPlatform.slack.rawValue
    let api: SlackWebAPI

    /// The sender for `settings.slack`, or nil without a bot token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let botToken = settings.slack.botToken else { return nil }
        api = SlackWebAPI(
            baseURL: settings.slack.apiBaseURL, botToken: botToken, appToken: settings.slack.appToken,
            fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout)
    }

    package func send(_ message: OutboxMessage) async throws {
        throw DeliveryFailure("the Slack bot sender is not written yet", isPermanent: true)
    }
}
