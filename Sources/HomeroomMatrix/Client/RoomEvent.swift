import Foundation

/// One room event, or stripped state event, with the fields the bot reads (Client-Server API v3,
/// Room Events). Unknown content keys are ignored; a field of the wrong type makes the event fail
/// to decode, and the batch skips it.
package struct RoomEvent: Sendable, Decodable, Equatable {
    /// `m.room.message`, `m.room.encrypted`, `m.room.member`, `m.room.encryption`, …
    package var type: String
    /// The event id; stripped state has none.
    package var eventID: String?
    /// Who sent it.
    package var sender: String
    /// For state events, the state key (the member's id for `m.room.member`).
    package var stateKey: String?
    /// Milliseconds since the event was sent, by the server's clock (`unsigned.age`).
    package var ageMilliseconds: Int64?
    /// The fields of `content` the bot reads.
    package var content: Content

    /// The content fields the bot reads, of messages and of member events.
    package struct Content: Sendable, Decodable, Equatable {
        /// `m.text`, `m.notice`, `m.emote`, …
        package var msgtype: String?
        /// The plain text.
        package var body: String?
        /// The users the message mentions (`m.mentions.user_ids`), when the sender's client said.
        package var mentionedUserIDs: [String]?
        /// The relation's type (`m.replace` marks an edit, `m.thread` a thread reply).
        package var relationType: String?
        /// For member events: `invite`, `join`, `leave`, `ban`, `knock`.
        package var membership: String?
        /// For member events: true when the invitation is to a direct room.
        package var isDirect: Bool?
        /// For member events: the member's display name.
        package var displayName: String?

        /// Content with only a plain text body, for tests.
        package init(msgtype: String? = nil, body: String? = nil, mentionedUserIDs: [String]? = nil) {
            self.msgtype = msgtype
            self.body = body
            self.mentionedUserIDs = mentionedUserIDs
        }

        private enum Keys: String, CodingKey {
            case msgtype, body, membership, is_direct, displayname
            case mentions = "m.mentions"
            case relatesTo = "m.relates_to"
        }

        private enum MentionKeys: String, CodingKey { case user_ids }
        private enum RelationKeys: String, CodingKey { case rel_type }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            msgtype = try? container.decodeIfPresent(String.self, forKey: .msgtype)
            body = try? container.decodeIfPresent(String.self, forKey: .body)
            membership = try? container.decodeIfPresent(String.self, forKey: .membership)
            isDirect = try? container.decodeIfPresent(Bool.self, forKey: .is_direct)
            displayName = try? container.decodeIfPresent(String.self, forKey: .displayname)
            if let mentions = try? container.nestedContainer(keyedBy: MentionKeys.self, forKey: .mentions) {
                mentionedUserIDs = (try? mentions.decodeIfPresent([String].self, forKey: .user_ids))?
                    .map { Array($0.prefix(100)) } ?? nil
            }
            if let relation = try? container.nestedContainer(keyedBy: RelationKeys.self, forKey: .relatesTo) {
                relationType = try? relation.decodeIfPresent(String.self, forKey: .rel_type)
            }
        }
    }

    /// An event, for tests.
    package init(
        type: String, eventID: String? = nil, sender: String, stateKey: String? = nil, ageMilliseconds: Int64? = nil,
        content: Content
    ) {
        self.type = type
        self.eventID = eventID
        self.sender = sender
        self.stateKey = stateKey
        self.ageMilliseconds = ageMilliseconds
        self.content = content
    }

    private enum Keys: String, CodingKey { case type, event_id, sender, state_key, unsigned, content }
    private enum UnsignedKeys: String, CodingKey { case age }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        type = try container.decode(String.self, forKey: .type)
        eventID = try container.decodeIfPresent(String.self, forKey: .event_id)
        sender = try container.decode(String.self, forKey: .sender)
        stateKey = try container.decodeIfPresent(String.self, forKey: .state_key)
        if let unsigned = try? container.nestedContainer(keyedBy: UnsignedKeys.self, forKey: .unsigned) {
            // A number too large for Int64 (or not a number) leaves the age unknown rather than trapping.
            ageMilliseconds = (try? unsigned.decodeIfPresent(Int64.self, forKey: .age)) ?? nil
        }
        content = (try? container.decodeIfPresent(Content.self, forKey: .content)) ?? Content()
    }
}
