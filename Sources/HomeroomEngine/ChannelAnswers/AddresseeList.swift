import HomeroomCore

/// The names a channel answer is addressed to, as they lead its first line: `alice`,
/// `alice, bob, carol`, or past the room `alice, bob, and 12 others`.
package enum AddresseeList {
    /// `names` joined with ", " in at most `room` UTF-8 bytes where it can; the names that do not
    /// fit, and `others` more, are counted as "and N others" (the first name is always shown).
    package static func text(_ names: [String], others: Int = 0, room: Int) -> String {
        guard let first = names.first else { return "" }
        var shown = first
        var count = 1
        func tail(_ rest: Int) -> String {
            rest == 0 ? "" : ", and \(rest) \(rest == 1 ? "other" : "others")"
        }
        while count < names.count {
            let candidate = shown + ", " + names[count]
            guard (candidate + tail(names.count - count - 1 + others)).utf8.count <= room else { break }
            shown = candidate
            count += 1
        }
        return shown + tail(names.count - count + others)
    }
}
