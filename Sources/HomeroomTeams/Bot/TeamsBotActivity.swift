import Foundation
import HomeroomWebhooks

/// A Bot Framework activity sent to the Teams bot: the parts it shares with an outgoing-webhook
/// activity (``TeamsActivity``: sender, tenant, channel, typed text) and those only a bot gets.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-api-reference
/// — "Activity object", "ConversationAccount object", "ChannelAccount object"
package struct TeamsBotActivity: Decodable {
    /// `conversation.conversationType` (`personal`, `channel`, `groupChat`), which ``TeamsActivity`` leaves out.
    struct ConversationKind: Decodable {
        let conversationType: String?
    }

    /// A member added or removed.
    package struct Member: Decodable {
        let id: String
    }

    /// The shared parts.
    let teams: TeamsActivity
    /// `message`, `conversationUpdate`, `installationUpdate`, …
    let type: String
    /// The channel the activity came through: `msteams` for Teams (`directline`, `webchat`, … for the
    /// other channels one Azure Bot registration may serve).
    let channelId: String?
    /// The activity's id, which an answer replies to.
    let id: String?
    /// Where answers to this conversation go.
    let serviceUrl: String
    /// The bot (`28:APPID`).
    let recipient: Member?
    let conversationKind: ConversationKind
    package let membersAdded: [Member]?
    package let membersRemoved: [Member]?
    /// `installationUpdate`: `add`, `remove` (and `add-upgrade`, `remove-upgrade`).
    let action: String?

    private enum CodingKeys: String, CodingKey {
        case type, channelId, id, serviceUrl, recipient, conversation, membersAdded, membersRemoved, action
    }

    /// The most members read from one update; more are ignored.
    package static let maximumMembers = 1000

    package init(from decoder: any Decoder) throws {
        teams = try TeamsActivity(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        channelId = try container.decodeIfPresent(String.self, forKey: .channelId)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        serviceUrl = try container.decode(String.self, forKey: .serviceUrl)
        recipient = try container.decodeIfPresent(Member.self, forKey: .recipient)
        conversationKind = try container.decode(ConversationKind.self, forKey: .conversation)
        membersAdded = try container.decodeIfPresent([Member].self, forKey: .membersAdded)
            .map { Array($0.prefix(Self.maximumMembers)) }
        membersRemoved = try container.decodeIfPresent([Member].self, forKey: .membersRemoved)
            .map { Array($0.prefix(Self.maximumMembers)) }
        action = try container.decodeIfPresent(String.self, forKey: .action)
    }

    /// True in a one-to-one chat with the bot.
    package var isPersonal: Bool { conversationKind.conversationType == "personal" }

    /// The sender's Homeroom id after `teams:`: `TENANT:AADOBJECTID`, as the outgoing webhook names them.
    package var senderID: String { "\(teams.tenant):\(teams.from.aadObjectId ?? teams.from.id)" }

    /// True when `members` include the bot.
    func namesBot(_ members: [Member]?) -> Bool {
        guard let bot = recipient?.id, let members else { return false }
        return members.contains { $0.id == bot }
    }

    /// True when the bot was just added to the conversation: the moment to say hello. Teams sends an
    /// `installationUpdate` (`add`) with it, which is remembered like any activity but not welcomed twice.
    package var welcomesBot: Bool { type == "conversationUpdate" && namesBot(membersAdded) }

    /// True when the bot was just removed from the conversation or uninstalled.
    package var removesBot: Bool {
        switch type {
        case "conversationUpdate": namesBot(membersRemoved)
        case "installationUpdate": action == "remove"
        default: false
        }
    }
}
