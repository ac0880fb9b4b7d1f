import HomeroomCore
import HomeroomWebhooks

/// Text as a Google Chat message shows it, literally. Chat reads angle brackets as its own syntax
/// in a message's `text` (https://developers.google.com/workspace/chat/format-messages — "Mention
/// users", "Hyperlinks"): `<users/all>` notifies everyone in the space, `<users/123>` one person,
/// and `<https://evil|click>` hides where a link goes. A word joiner after each `<` keeps every one
/// of them text; Chat does not decode HTML entities, so `&lt;` would show as typed.
enum GoogleChatText {
    /// The longest text Homeroom sends in one message; Chat allows 4,096 characters.
    static let maximumLength = 4_000

    /// `text` escaped for a message's `text`.
    static func escaping(_ text: String) -> String {
        text.insertingWordJoiner(after: ["<"])
    }

    /// The lines of `reply` as one escaped message text, cut at a line break near Chat's length
    /// (saying so in the reply's language).
    static func message(_ reply: Reply) -> String {
        fitted(escaping(reply.text), Words(.googleChat, reply.language ?? .english))
    }

    /// `text` within ``maximumLength`` characters, cut at a line break where one is near, with a
    /// last line in `words`' language saying it was cut.
    static func fitted(_ text: String, _ words: Words) -> String {
        guard text.count > maximumLength else { return text }
        let marker = "\n" + escaping(words("… (cut: longer than Google Chat allows)"))
        var kept = String(text.prefix(maximumLength - marker.count))
        if let lineBreak = kept.lastIndex(of: "\n"), kept.distance(from: kept.startIndex, to: lineBreak) > 2_000 {
            kept = String(kept[..<lineBreak])
        }
        return kept + marker
    }
}
