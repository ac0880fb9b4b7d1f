import HomeroomWebhooks

/// Text as a Mattermost message shows it, literally. Mattermost notifies on any `@word` (`@all`,
/// `@channel`, `@here`, a user or a group), found after splitting the message at every character
/// that is not a letter, digit or one of `:.-_@`; a word joiner after each `@` splits the mention
/// off. Its Markdown makes `[text](url)` a link and `![text](url)` an image loaded from anywhere; a
/// word joiner after each `]` leaves both (and reference links) as the brackets they were typed as.
enum MattermostText {
    /// `text` escaped for a message's `text` field.
    static func escaping(_ text: String) -> String {
        text.insertingWordJoiner(after: ["@", "]"])
    }
}
