import Foundation
import HomeroomCore

/// Discord notifications through the bot token: posts to channels, and direct messages to people.
package struct DiscordBotSender: MessageSender {
    package let adapter = WebhookPlatform.discord.rawValue

    /// The sender for `settings.discord`, or nil without a bot token.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard settings.discord.botToken != nil else { return nil }
    }

    package func send(_ message: OutboxMessage) async throws {
        throw DeliveryFailure("the Discord bot sender is not written yet", isPermanent: true)
    }
}
