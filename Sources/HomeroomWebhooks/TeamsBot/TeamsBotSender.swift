import Foundation
import HomeroomCore

/// Teams notifications through the Bot Framework: to a conversation the bot was added to, and
/// proactively to a person who has talked to the bot, through the stored conversation reference.
package struct TeamsBotSender: MessageSender {
    package let adapter = WebhookPlatform.teams.rawValue

    /// The sender for `settings.teams`, or nil without an app id and password.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard settings.teams.appID != nil, settings.teams.appPassword != nil else { return nil }
    }

    package func send(_ message: OutboxMessage) async throws {
        throw DeliveryFailure("the Teams bot sender is not written yet", isPermanent: true)
    }
}
