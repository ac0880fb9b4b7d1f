import Foundation
import HomeroomCore
import HomeroomWebhooks

/// The slice of an Events API `event_callback` that Homeroom reads
/// (https://api.slack.com/apis/events-api — "Callback field overview").
package struct SlackEventCallback: Sendable, Decodable {
    /// The workspace the event happened in.
    let teamID: String?
    /// The same for every delivery of one event, retries included.
    let eventID: String?
    let event: Event?
    /// The installations the event is for; the bot's own user is among them.
    let authorizations: [Authorization]?

    enum CodingKeys: String, CodingKey {
        case teamID = "team_id"
        case eventID = "event_id"
        case event, authorizations
    }

    /// The inner event: an `app_mention` (https://api.slack.com/events/app_mention) or a `message`
    /// (https://api.slack.com/events/message.im, https://api.slack.com/events/message.channels).
    struct Event: Sendable, Decodable {
        let type: String
        /// Set on edits, deletions, joins and bot posts (`bot_message`): none of them is typed by a person.
        let subtype: String?
        let user: String?
        /// Set when a bot wrote the message.
        let botID: String?
        let text: String?
        let channel: String?
        /// `im` for a direct message with the bot.
        let channelType: String?
        /// The thread the message was written in, if any.
        let threadTS: String?
        /// Who wrote the message a thread reply answers
        /// (https://api.slack.com/messaging/retrieving#finding_threads — "parent_user_id").
        let parentUserID: String?
        /// The user's workspace.
        let team: String?

        enum CodingKeys: String, CodingKey {
            case type, subtype, user, text, channel, team
            case botID = "bot_id"
            case channelType = "channel_type"
            case threadTS = "thread_ts"
            case parentUserID = "parent_user_id"
        }
    }

    /// One installation the event was delivered for.
    struct Authorization: Sendable, Decodable {
        let userID: String?

        enum CodingKeys: String, CodingKey { case userID = "user_id" }
    }

    /// Authorizations read at most; Slack lists one.
    static let maximumAuthorizations = 10
}

/// A message from an event, with where its answer goes.
package struct SlackEventMessage: Sendable {
    package let message: IncomingMessage
    /// The writer's member id (`U…`), to whom an answer for them alone goes.
    let user: String
    /// The channel (or direct-message channel) to answer in.
    let channel: String
    /// The thread the message was written in, if any.
    let threadTS: String?
}

extension SlackEventCallback {
    /// The message a person wrote to the bot: a mention of it in a channel, a reply in a thread
    /// under one of the bot's messages, or anything in a direct message. Nil for every other event,
    /// for bots (this one included), edits and deletions, and for events without a user, channel
    /// or text.
    package func message(botName: String, receivedAt: Date) -> SlackEventMessage? {
        guard let event, event.subtype == nil, event.botID == nil else { return nil }
        guard let user = event.user, !user.isEmpty, let channel = event.channel, !channel.isEmpty,
            let text = event.text, let team = teamID ?? event.team, !team.isEmpty
        else { return nil }
        let botUsers = (authorizations ?? []).prefix(Self.maximumAuthorizations).compactMap(\.userID)
        guard !botUsers.contains(user) else { return nil }
        let conversation: Conversation
        let typed: String
        switch event.type {
        case "app_mention":
            conversation = .channel(channel)
            let said = Self.withoutMentions(of: botUsers, in: text, orLeading: botUsers.isEmpty)
            // Mentioning the bot addresses it, as `homeroom: lunch` does.
            typed = "\(botName): \(said.isEmpty ? "help" : said)"
        case "message" where event.channelType == "im":
            conversation = .direct
            typed = Self.withoutMentions(of: botUsers, in: text, orLeading: false)
            guard !typed.isEmpty else { return nil }
        case "message" where event.threadTS != nil && event.parentUserID.map(botUsers.contains) == true:
            // Replying under the bot's message addresses it, as a mention does. A reply that also
            // mentions the bot comes again as an `app_mention`, and is answered from that one.
            guard !botUsers.contains(where: { text.contains("<@\($0)") }) else { return nil }
            conversation = .channel(channel)
            let said = Self.withoutMentions(of: botUsers, in: text, orLeading: false)
            guard !said.isEmpty else { return nil }
            typed = "\(botName): \(said)"
        default:
            return nil
        }
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.slack.rawValue, id: "\(team):\(user)"), senderIsVerified: true,
            conversation: conversation, text: typed, receivedAt: receivedAt)
        return SlackEventMessage(message: message, user: user, channel: channel, threadTS: event.threadTS)
    }

    /// `text` without the mentions `<@USER>` (or `<@USER|name>`) of `users`, and without a leading
    /// mention of anyone when `leading` is set (the bot's user is not known); Slack's three entities
    /// (`&amp;`, `&lt;`, `&gt;`) read as the characters typed.
    static func withoutMentions(of users: [String], in text: String, orLeading leading: Bool) -> String {
        var text = text
        for user in users {
            text = text.replacingOccurrences(of: "<@\(user)> ", with: "")
                .replacingOccurrences(of: "<@\(user)>", with: "")
            while let labelled = text.range(of: "<@\(user)|") {
                var end = text[labelled.upperBound...].firstIndex(of: ">").map(text.index(after:)) ?? text.endIndex
                if end < text.endIndex, text[end] == " " { end = text.index(after: end) }
                text.removeSubrange(labelled.lowerBound..<end)
            }
        }
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if leading, trimmed.hasPrefix("<@"), let end = trimmed.firstIndex(of: ">") {
            trimmed = String(trimmed[trimmed.index(after: end)...]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            trimmed = trimmed.replacingOccurrences(of: entity, with: character)
        }
        return trimmed
    }
}
