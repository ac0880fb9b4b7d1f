extension String {
    /// The text with every run from `open` to the next `close` (both included) removed, as the
    /// pattern `<[^>]*>` removes tags, in one pass: an `open` with no `close` after it stays, and so
    /// does everything after it. (The pattern takes time growing with the square of the length on
    /// a text of many `open`s and no `close`.)
    func removingRuns(from open: Character, to close: Character) -> String {
        guard contains(open) else { return self }
        var result = ""
        var rest = self[...]
        while let start = rest.firstIndex(of: open), let end = rest[start...].firstIndex(of: close) {
            result += rest[..<start]
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
