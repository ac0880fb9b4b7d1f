import Foundation
import HomeroomCore
import HomeroomWebhooks

/// A Google Chat interaction event, the fields Homeroom reads
/// (https://developers.google.com/workspace/chat/api/reference/rest/v1/Event — "JSON representation";
/// https://developers.google.com/workspace/chat/interaction-events — "Example interaction event payloads").
package struct GoogleChatEvent: Decodable, Sendable {
    /// `MESSAGE`, `ADDED_TO_SPACE`, `REMOVED_FROM_SPACE`, `CARD_CLICKED`, …
    package let type: String
    /// When the event happened, as Google wrote it (RFC 3339 text or `{seconds, nanos}`): only
    /// part of ``replayKey``, never compared with the clock.
    let eventTime: Lenient<EventTime>?
    package let space: Space?
    package let user: User?
    package let message: Message?

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces — "Resource: Space"
    package struct Space: Decodable, Sendable {
        /// `spaces/AAAAAAAAAAA`.
        let name: String?
        /// The deprecated kind: `ROOM` or `DM`, which is "1:1 Direct Message between a human and a
        /// Chat app … this doesn't include direct messages between two humans" (`Space.Type`).
        let type: String?
        /// `SPACE`, `GROUP_CHAT` or `DIRECT_MESSAGE`, which is "1:1 messages between two humans or a
        /// human and a Chat app" (`SpaceType`): not enough alone to tell a chat with the app.
        let spaceType: String?
        /// "Whether the space is a DM between a Chat app and a single human."
        let singleUserBotDm: Bool?

        /// True for a direct message between one person and the app, which nobody else reads; a
        /// `DIRECT_MESSAGE` between two people is read by both, so it is not direct here.
        package var isDirect: Bool { singleUserBotDm == true || type == "DM" }
    }

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/User — "JSON representation"
    package struct User: Decodable, Sendable {
        /// `users/NUMBER`.
        let name: String?
        /// `HUMAN` or `BOT`.
        let type: String?
        /// The person's Google Workspace customer id; absent for people outside any Workspace.
        let domainId: String?

        /// NUMBER of `users/NUMBER`, or nil when the name is not of that form.
        package var number: String? {
            guard let name, name.hasPrefix("users/") else { return nil }
            let number = name.dropFirst(6)
            guard !number.isEmpty, number.utf8.count <= 64,
                number.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            return String(number)
        }

        /// `DOMAIN:NUMBER`, the platform id in `googlechat:DOMAIN:NUMBER`: the Workspace customer id,
        /// or `external` for someone outside one.
        package var platformID: String? {
            guard let number else { return nil }
            let domain = domainId.flatMap { id in
                !id.isEmpty && id.utf8.count <= 64
                    && id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
                    ? id : nil
            }
            return "\(domain ?? "external"):\(number)"
        }
    }

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages — "Resource: Message"
    package struct Message: Decodable, Sendable {
        /// `spaces/AAAAAAAAAAA/messages/CCCCCCCCCCC`.
        let name: String?
        package let sender: User?
        /// The text as written, the app's mention included.
        let text: String?
        /// The text without the app's mention (and, for a slash command, without the command).
        let argumentText: String?
        let thread: Thread?
        /// Set when the message invokes one of the app's slash commands.
        let slashCommand: SlashCommand?
        /// The mentions, links and slash commands in the text; one that cannot be read is left out.
        package let annotations: [Annotation]

        enum CodingKeys: String, CodingKey {
            case name, sender, text, argumentText, thread, slashCommand, annotations
        }

        /// The most annotations read; a message carries a few.
        package static let maximumAnnotations = 100

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            sender = try? container.decodeIfPresent(User.self, forKey: .sender)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            argumentText = try container.decodeIfPresent(String.self, forKey: .argumentText)
            thread = try? container.decodeIfPresent(Thread.self, forKey: .thread)
            slashCommand = try? container.decodeIfPresent(SlashCommand.self, forKey: .slashCommand)
            let entries = (try? container.decodeIfPresent([Lenient<Annotation>].self, forKey: .annotations)) ?? []
            annotations = entries.prefix(Self.maximumAnnotations).compactMap(\.value)
        }

        /// The name of the slash command the message invokes (`/lunch`), from its `SLASH_COMMAND`
        /// annotation with the same command id; nil when it invokes none.
        package var slashCommandName: String? {
            guard let slashCommand else { return nil }
            let named = annotations.compactMap { annotation -> Annotation.SlashCommandMetadata? in
                annotation.type == "SLASH_COMMAND" ? annotation.slashCommand : nil
            }
            let match = named.first { $0.commandId == slashCommand.commandId } ?? named.first
            return match?.commandName
        }
    }

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages#Thread
    struct Thread: Decodable, Sendable {
        /// `spaces/AAAAAAAAAAA/threads/BBBBBBBBBBB`.
        let name: String?
    }

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages#SlashCommand
    struct SlashCommand: Decodable, Sendable {
        /// The command's id, as configured in the Chat API's settings (an int64, sent as text).
        let commandId: CommandID?
    }

    /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages#Annotation
    package struct Annotation: Decodable, Sendable {
        /// `USER_MENTION`, `SLASH_COMMAND`, `RICH_LINK`, …
        let type: String?
        let slashCommand: SlashCommandMetadata?

        /// https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages#SlashCommandMetadata
        struct SlashCommandMetadata: Decodable, Sendable {
            /// `/lunch`.
            let commandName: String?
            let commandId: CommandID?
        }
    }

    /// An int64 id, which proto3's JSON mapping writes as text and older examples as a number.
    struct CommandID: Decodable, Sendable, Equatable {
        let text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else {
                self.text = String(try container.decode(Int64.self))
            }
        }
    }

    /// A value read where it can be, nil where it cannot, so one odd entry does not lose the rest.
    struct Lenient<Value: Decodable & Sendable>: Decodable, Sendable {
        let value: Value?

        init(from decoder: any Decoder) throws {
            value = try? Value(from: decoder)
        }
    }
}
