import HomeroomCore
import HomeroomWebhooks

/// Text as a Teams message shows it, literally. Teams reads a message's text as HTML and
/// Markdown: `&`, `<` and `>` become entities (so `<at>all</at>`, `<a href>` and `<img>` stay
/// text), a word joiner after each `]` undoes a Markdown link or image, and one after each `@`
/// keeps a typed `@General` or `@team` a word.
enum TeamsText {
    /// `text` escaped for one line of a message's `text`.
    static func escaping(_ text: String) -> String {
        text.escapingMarkup.insertingWordJoiner(after: ["@", "]"])
    }
}
