import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// Teams notifications through the Bot Framework: to a conversation the bot was added to, and
/// proactively to a person who has talked to the bot, through the stored conversation reference.
package struct TeamsBotSender: MessageSender {
    package let adapter = WebhookPlatform.teams.rawValue
    private let connector: BotConnector
    private let references: TeamsConversationReferences
    private let personalChat: TeamsPersonalChat

    /// The sender for `settings.teams`, or nil without an app id and password.
    package init?(settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let appID = settings.teams.appID, let password = settings.teams.appPassword else { return nil }
        connector = BotConnector(
            settings: settings.teams, appID: appID, password: password, dependencies: dependencies,
            timeout: settings.deliveryTimeout)
        references = TeamsConversationReferences(database: dependencies.database)
        personalChat = TeamsPersonalChat(connector: connector, references: references, clock: dependencies.clock)
    }

    package func send(_ message: OutboxMessage) async throws {
        let activity = BotConnector.message(message.lines)
        switch message.target {
        case .user(let user):
            try await personalChat.send(activity, to: user)
        case .channel(let channel):
            guard let reference = try await references.channel(channel) else {
                throw DeliveryFailure(
                    "Teams cannot reach the channel \(channel) until the bot is added to it "
                        + "(or an incoming webhook URL is set for it)",
                    isPermanent: true)
            }
            try await connector.send(activity, to: channel, at: reference.serviceUrl)
        }
    }
}
