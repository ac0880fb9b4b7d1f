import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// A person's one-to-one chat with the Teams bot: the one remembered from their messages, or a new
/// one the bot starts ("Create conversation") and remembers for next time. It reaches only people
/// who talked to the bot or were seen by it, since the bot's `29:…` id for them comes from an activity.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference
/// — "Create conversation"
struct TeamsPersonalChat: Sendable {
    let connector: BotConnector
    let references: TeamsConversationReferences
    let clock: any HomeroomClock

    /// Sends `activity` to `user` (`teams:TENANT:AAD`) in their personal chat with the bot; throws a
    /// permanent ``DeliveryFailure`` when the bot never saw them.
    func send(_ activity: BotConnector.MessageActivity, to user: UserID) async throws {
        guard user.adapter == WebhookPlatform.teams.rawValue, let person = try await references.person(user.id) else {
            throw DeliveryFailure(
                "Teams cannot reach \(user) until they have talked to the bot or installed it", isPermanent: true)
        }
        let conversationID: String
        if let known = person.conversationID {
            conversationID = known
        } else {
            conversationID = try await connector.createPersonalConversation(
                with: person.userID, tenant: person.tenant, at: person.serviceUrl)
            var updated = person
            updated.conversationID = conversationID
            try await references.remember(updated, as: user.id, at: clock.now)
        }
        try await connector.send(activity, to: conversationID, at: person.serviceUrl)
    }
}
