import HomeroomCore
import HomeroomWebhooks

/// Text as a Slack message shows it, literally. Slack reads `&`, `<` and `>` as markup, so they
/// become entities: `<!channel>`, `<!subteam^…>`, `<@U123>` and `<http://evil|click>` stay text
/// (only Slack's own syntax in angle brackets pings or makes a masked link). A word joiner after
/// each `@` keeps a typed `@channel` or `@here` from notifying anyone where names are linked.
enum SlackText {
    /// `text` escaped for a message's `text` field.
    static func escaping(_ text: String) -> String {
        text.escapingMarkup.insertingWordJoiner(after: ["@"])
    }
}
