import HomeroomCore

/// The names a channel answer is addressed to, as they lead its first line: `alice`,
/// `alice, bob, carol`, or past the room `alice, bob, and 12 others`.
package enum AddresseeList {
    /// `names` one after another in at most `room` UTF-8 bytes where they fit; the names that do
    /// not, and `others` more, are counted as "and N others" (the first name is always shown). In
    /// the language of `words`.
    package static func text(
        _ names: [String], others: Int = 0, room: Int, _ words: Words = Words(.engine, .english)
    ) -> String {
        guard !names.isEmpty else { return "" }
        // The first `shown` names, and the rest counted.
        func text(showing shown: Int) -> String {
            let list = words.items(Array(names.prefix(shown)))
            let rest = names.count - shown + others
            guard rest > 0 else { return list }
            return words.plural(
                "{names}, and {count} other", "{names}, and {count} others", count: rest, ["names": list])
        }
        var shown = 1
        while shown < names.count, text(showing: shown + 1).utf8.count <= room {
            shown += 1
        }
        return text(showing: shown)
    }
}
