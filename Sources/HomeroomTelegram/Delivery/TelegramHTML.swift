import HomeroomCore

/// Text for `sendMessage` with `parse_mode` HTML (https://core.telegram.org/bots/api#html-style):
/// "All <, > and & symbols that are not a part of a tag or an HTML entity must be replaced with the
/// corresponding HTML entities (< with &lt;, > with &gt; and & with &amp;)". The bot sends no tags,
/// so all of them are replaced: whatever a person typed is shown as typed, never as markup. A
/// mention of everyone does not exist on Telegram, so nothing else needs escaping.
package enum TelegramHTML {
    /// "Text of the message to be sent, 1-4096 characters after entities parsing"; counted as
    /// Telegram counts, in UTF-16 code units.
    package static let maximumLength = 4096

    /// `lines` as one message: joined by line breaks, cut to whole characters within
    /// ``maximumLength`` (ending in `…` when cut), then escaped. Escaping after cutting keeps the
    /// limit, which counts the text after the entities are parsed.
    package static func message(_ lines: [String]) -> String {
        cut(lines.joined(separator: "\n")).escapingMarkup
    }

    /// `text` cut to whole characters within ``maximumLength`` UTF-16 units, `…` ending a cut text.
    static func cut(_ text: String) -> String {
        guard text.utf16.count > maximumLength else { return text }
        var units = 0
        let kept = text.prefix { character in
            units += character.utf16.count
            return units <= maximumLength - 1
        }
        return kept + "…"
    }
}
