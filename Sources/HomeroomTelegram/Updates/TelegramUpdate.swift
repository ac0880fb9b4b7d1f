import Foundation

/// The part of a Bot API `Update` the bot reads (https://core.telegram.org/bots/api#update): its
/// number and a new text message. Every other kind of update (edits, channel posts, callbacks) is
/// read as one without a message, taken (its number counts) and left unanswered.
package struct TelegramUpdate: Decodable, Sendable, Equatable {
    /// "The update's unique identifier. Update identifiers start from a certain positive number
    /// and increase sequentially."
    package let updateID: Int64
    /// "New incoming message of any kind - text, photo, sticker, etc."
    package let message: TelegramMessage?

    enum CodingKeys: String, CodingKey {
        case updateID = "update_id"
        case message
    }

    package init(updateID: Int64, message: TelegramMessage?) {
        self.updateID = updateID
        self.message = message
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        updateID = try container.decode(Int64.self, forKey: .updateID)
        // A message the bot cannot read (a shape it does not know) is no message to answer.
        message = try? container.decodeIfPresent(TelegramMessage.self, forKey: .message)
    }
}

/// A `Message` (https://core.telegram.org/bots/api#message): who wrote it, in which chat, its text
/// and the entities Telegram found in it (commands, mentions).
package struct TelegramMessage: Decodable, Sendable, Equatable {
    /// The most entities read of one message; a text of 4096 characters has fewer real ones.
    static let maximumEntities = 100

    package let messageID: Int64
    /// "Sender of the message"; absent for messages sent on behalf of a chat.
    package let from: TelegramUser?
    package let chat: TelegramChat
    /// "For text messages, the actual UTF-8 text of the message".
    package let text: String?
    /// "Special entities like usernames, URLs, bot commands, etc. that appear in the text".
    package let entities: [TelegramEntity]

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case from, chat, text, entities
    }

    package init(
        messageID: Int64, from: TelegramUser?, chat: TelegramChat, text: String?, entities: [TelegramEntity] = []
    ) {
        self.messageID = messageID
        self.from = from
        self.chat = chat
        self.text = text
        self.entities = entities
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        messageID = try container.decode(Int64.self, forKey: .messageID)
        from = try container.decodeIfPresent(TelegramUser.self, forKey: .from)
        chat = try container.decode(TelegramChat.self, forKey: .chat)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        let entities = (try? container.decodeIfPresent([TelegramEntity].self, forKey: .entities)) ?? []
        self.entities = Array(entities.prefix(Self.maximumEntities))
    }
}

/// A `User` (https://core.telegram.org/bots/api#user): the number Telegram vouches for.
package struct TelegramUser: Decodable, Sendable, Equatable {
    package let id: Int64
    package let isBot: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case isBot = "is_bot"
    }

    package init(id: Int64, isBot: Bool = false) {
        self.id = id
        self.isBot = isBot
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        isBot = try container.decodeIfPresent(Bool.self, forKey: .isBot) ?? false
    }
}

/// A `Chat` (https://core.telegram.org/bots/api#chat): its number and kind.
package struct TelegramChat: Decodable, Sendable, Equatable {
    /// "Type of the chat, can be either “private”, “group”, “supergroup” or “channel”".
    package enum Kind: String, Decodable, Sendable {
        case `private`, group, supergroup, channel
    }

    package let id: Int64
    package let kind: Kind

    enum CodingKeys: String, CodingKey {
        case id
        case kind = "type"
    }

    package init(id: Int64, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}

/// A `MessageEntity` (https://core.telegram.org/bots/api#messageentity): a command or a mention,
/// placed "in UTF-16 code units".
package struct TelegramEntity: Decodable, Sendable, Equatable {
    /// `bot_command`, `mention`, …
    package let type: String
    package let offset: Int
    package let length: Int

    package init(type: String, offset: Int, length: Int) {
        self.type = type
        self.offset = offset
        self.length = length
    }
}
