/// How long a text may be: an answer or notification is cut into pages of at most
/// ``maximumSegments`` segments, each but the last ending with the note that MORE sends the rest.
struct TextPaging: Sendable {
    /// The segments one text takes at most.
    let maximumSegments: Int

    /// The pages of `lines`, with the notes in `words`' language; empty for an empty answer.
    func pages(_ lines: [String], words: TextWords) -> [String] {
        TextPages(lines: lines, maxSegments: maximumSegments) { words.more(remaining: $0) }.pages
    }
}
