/// The content of one `m.room.message` the bot sends (Client-Server API v3, `m.room.message`
/// msgtypes; Rich replies; User and room mentions): a notice, never a text, so that other bots do
/// not answer it, with an escaped HTML rendering beside the plain body, the people it names, and
/// the command it answers.
package struct MatrixMessage: Sendable, Equatable, Codable {
    /// `m.notice`.
    package var msgtype = "m.notice"
    /// The plain text, for clients that show no HTML and for notifications.
    package var body: String
    /// The same text as HTML (`org.matrix.custom.html`), every piece of user text escaped; nil: plain only.
    package var formattedBody: String?
    /// The Matrix ids the message mentions (`m.mentions.user_ids`): they are pinged, nobody else.
    /// Always sent, even empty, so that no client pings the room from the text.
    package var mentionedUserIDs: [String] = []
    /// The event the message answers (`m.relates_to.m.in_reply_to`), when set.
    package var inReplyTo: String?

    /// A message.
    package init(body: String, formattedBody: String? = nil, mentionedUserIDs: [String] = [], inReplyTo: String? = nil)
    {
        self.body = body
        self.formattedBody = formattedBody
        self.mentionedUserIDs = mentionedUserIDs
        self.inReplyTo = inReplyTo
    }

    private enum Keys: String, CodingKey {
        case msgtype, body, format, formatted_body
        case mentions = "m.mentions"
        case relatesTo = "m.relates_to"
    }

    private enum MentionKeys: String, CodingKey { case user_ids }
    private enum RelationKeys: String, CodingKey { case inReplyTo = "m.in_reply_to" }
    private enum ReplyKeys: String, CodingKey { case event_id }

    /// Reads a message as ``encode(to:)`` wrote it (an answer kept in the database until it is sent).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        msgtype = try container.decode(String.self, forKey: .msgtype)
        body = try container.decode(String.self, forKey: .body)
        formattedBody = try container.decodeIfPresent(String.self, forKey: .formatted_body)
        let mentions = try container.nestedContainer(keyedBy: MentionKeys.self, forKey: .mentions)
        mentionedUserIDs = try mentions.decode([String].self, forKey: .user_ids)
        if container.contains(.relatesTo) {
            let relation = try container.nestedContainer(keyedBy: RelationKeys.self, forKey: .relatesTo)
            let reply = try relation.nestedContainer(keyedBy: ReplyKeys.self, forKey: .inReplyTo)
            inReplyTo = try reply.decode(String.self, forKey: .event_id)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(msgtype, forKey: .msgtype)
        try container.encode(body, forKey: .body)
        if let formattedBody {
            try container.encode("org.matrix.custom.html", forKey: .format)
            try container.encode(formattedBody, forKey: .formatted_body)
        }
        var mentions = container.nestedContainer(keyedBy: MentionKeys.self, forKey: .mentions)
        try mentions.encode(mentionedUserIDs, forKey: .user_ids)
        if let inReplyTo {
            var relation = container.nestedContainer(keyedBy: RelationKeys.self, forKey: .relatesTo)
            var reply = relation.nestedContainer(keyedBy: ReplyKeys.self, forKey: .inReplyTo)
            try reply.encode(inReplyTo, forKey: .event_id)
        }
    }
}
