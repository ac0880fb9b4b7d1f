/// The compact form of an answer for a channel (``Reply/channelLines``): at most ``maximumLines``
/// lines, each under ``lineBudget`` UTF-8 bytes, with the facts a student needs; the full answer
/// stays for `more`.
///
/// ```swift
/// CompactAnswer.packed(
///     "Lunch Tue Nov 24: ", ["Chicken tacos, Veggie pizza", "Green beans", "fries"], words: words)
/// // ["Lunch Tue Nov 24: Chicken tacos, Veggie pizza · Green beans · fries"]
/// ```
public enum CompactAnswer {
    /// A compact line stays under this many UTF-8 bytes: an IRC line holds about 400 bytes of
    /// text, and the names it answers and " · more: !more" need the rest.
    public static let lineBudget = 300
    /// The most lines a compact answer has.
    public static let maximumLines = 2

    /// A reply with the full `lines` and, when the command was typed in a channel and `compact`
    /// has fewer lines, `compact` as its channel form. In a direct message, or when the compact
    /// form saves nothing, the full lines serve everywhere.
    public static func reply(
        _ lines: [String], compact: [String], visibility: Reply.Visibility = .conversation,
        for context: CommandContext
    ) -> Reply {
        let full = Reply(lines: lines, visibility: visibility)
        guard context.message.conversation.channelName != nil else { return full }
        let short = Reply(lines: compact).lines
        guard !short.isEmpty, short.count < full.lines.count else { return full }
        return Reply(lines: lines, visibility: visibility, channelLines: short)
    }

    /// `lead`, then `items` joined by `separator`, on at most ``maximumLines`` lines, each under
    /// ``lineBudget`` bytes. An item that does not fit on a line starts the next one (without
    /// `lead`); the items that fit on none are counted at the end (`+3 more`). An item longer than
    /// a line is clipped with "…". Each item is marked as a value in the language of `words`
    /// (isolated in Arabic) unless `itemsAreSentences` says they are that language's own sentences.
    public static func packed(
        _ lead: String, _ items: [String], separator: String = " · ", words: Words, itemsAreSentences: Bool = false
    ) -> [String] {
        let lead = clipped(lead, bytes: lineBudget / 2)
        let itemBytes = lineBudget - lead.utf8.count - 16
        let separatorBytes = separator.utf8.count
        func width(_ row: [String], at index: Int) -> Int {
            (index == 0 ? lead.utf8.count : 0) + row.reduce(0) { $0 + $1.utf8.count }
                + max(row.count - 1, 0) * separatorBytes
        }
        var rows: [[String]] = [[]]
        for item in items {
            let item = itemsAreSentences ? clipped(item, bytes: itemBytes) : words.mark(clipped(item, bytes: itemBytes))
            if width(rows[rows.count - 1] + [item], at: rows.count - 1) < lineBudget {
                rows[rows.count - 1].append(item)
                continue
            }
            guard rows.count < maximumLines, !rows[rows.count - 1].isEmpty else { break }
            rows.append([item])
        }
        var shown = rows.reduce(0) { $0 + $1.count }
        // Make room for the count of what is left out; the lead and a count always fit on the first line.
        while shown < items.count {
            let last = rows.count - 1
            let tail = Self.more(items.count - shown, Words(.core, words.language))
            if width(rows[last] + [tail], at: last) < lineBudget {
                rows[last].append(tail)
                break
            }
            if rows[last].isEmpty {
                rows.removeLast()
            } else {
                rows[last].removeLast()
                shown -= 1
            }
        }
        return rows.enumerated().map { index, row in
            var line = (index == 0 ? lead : "") + row.joined(separator: separator)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// `+3 more`: how many items were left out, in the language of `words` (the core's).
    private static func more(_ count: Int, _ words: Words) -> String {
        words.plural("+{count} more", "+{count} more", count: count)
    }

    /// `text` on one line (line breaks read as spaces), cut at a character boundary to at most
    /// `bytes` UTF-8 bytes, "…" included, when it is longer.
    public static func clipped(_ text: String, bytes: Int) -> String {
        let flat = text.contains(where: \.isNewline) ? String(text.map { $0.isNewline ? " " : $0 }) : text
        guard flat.utf8.count > bytes else { return flat }
        let room = bytes - "…".utf8.count
        var kept = ""
        var used = 0
        for character in flat {
            let size = character.utf8.count
            guard used + size <= room else { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }
}
