import HomeroomCore
import HomeroomWebhooks

/// What Homeroom answers to an interaction: `{"type": 1}` for PING, `{"type": 4, "data": …}` with
/// the message, or `{"type": 5}` when the answer follows later.
struct DiscordResponse: Encodable {
    /// A message body, as an interaction response's `data` and as a follow-up edit.
    struct Message: Encodable {
        let content: String?
        let flags: Int?
        /// Mentions in answers never ping anyone (`@everyone` in a club's name stays text).
        let allowed_mentions = AllowedMentions()

        struct AllowedMentions: Encodable {
            let parse: [String] = []
        }
    }

    let type: Int
    let data: Message?

    /// Discord's limit on a message's length.
    static let maximumLength = 2000
    /// The flag that shows a message only to the user who typed the command.
    static let ephemeral = 64

    static let pong = DiscordResponse(type: 1, data: nil)
    static let deferred = DiscordResponse(type: 5, data: nil)

    /// The answer carrying `reply`.
    static func message(_ reply: Reply) -> DiscordResponse { DiscordResponse(type: 4, data: Message(reply)) }

    /// The answer carrying a note only the user sees.
    static func note(_ text: String) -> DiscordResponse {
        DiscordResponse(type: 4, data: Message(content: DiscordText.escaping(text), flags: ephemeral))
    }
}

extension DiscordResponse.Message {
    /// `reply` as a message: escaped, cut to Discord's length with a note in the reply's language,
    /// private when the reply is.
    init(_ reply: Reply) {
        self.init(
            content: Self.fitted(DiscordText.escaping(reply.text), Words(.discord, reply.language ?? .english)),
            flags: reply.isForAskerAlone ? DiscordResponse.ephemeral : nil)
    }

    /// `text` within Discord's 2,000 characters, cut at a line break where one is near, with a last
    /// line in `words`' language saying it was cut.
    static func fitted(_ text: String, _ words: Words = Words(.discord, .english)) -> String {
        guard text.count > DiscordResponse.maximumLength else { return text }
        let marker = "\n" + DiscordText.escaping(words("… (cut: longer than Discord allows)"))
        var kept = String(text.prefix(DiscordResponse.maximumLength - marker.count))
        if let lineBreak = kept.lastIndex(of: "\n"), kept.distance(from: kept.startIndex, to: lineBreak) > 1000 {
            kept = String(kept[..<lineBreak])
        }
        return kept + marker
    }
}
