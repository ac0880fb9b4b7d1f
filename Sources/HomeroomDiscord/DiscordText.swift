import HomeroomWebhooks

/// Text as a Discord message shows it, literally. Every message Homeroom sends also carries
/// `allowed_mentions: {"parse": []}`, so nothing in it pings; on top of that the text keeps no
/// mention's shape: a word joiner after each `<` undoes `<@123>`, `<@&role>` and `<#channel>`, one
/// after each `@` undoes `@everyone` and `@here`, and one after each `]` undoes a masked link
/// `[text](url)`.
enum DiscordText {
    /// `text` escaped for a message's `content`.
    static func escaping(_ text: String) -> String {
        text.insertingWordJoiner(after: ["@", "<", "]"])
    }
}
