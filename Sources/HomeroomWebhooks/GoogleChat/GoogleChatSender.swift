import Foundation
import HomeroomCore

/// Google Chat notifications through the Chat API with the service account's token: to spaces,
/// and to a person's direct-message space.
package struct GoogleChatSender: MessageSender {
    package let adapter = WebhookPlatform.googlechat.rawValue

    /// The sender for `settings.googleChat`, or nil without a service account key.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard settings.googleChat.serviceAccountKeyFile != nil else { return nil }
    }

    package func send(_ message: OutboxMessage) async throws {
        throw DeliveryFailure("the Google Chat sender is not written yet", isPermanent: true)
    }
}
