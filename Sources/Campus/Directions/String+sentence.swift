extension String {
    /// The text with its first letter upper-cased, as a sentence starts: "Take the east stairs…".
    public var firstLetterCapitalized: String { prefix(1).uppercased() + dropFirst() }

    /// The text as a sentence: first letter upper-cased, ending in `.` unless it ends in `.`, `?` or `!`.
    public var asSentence: String {
        let text = firstLetterCapitalized
        return text.last.map { ".?!".contains($0) } == true ? text : text + "."
    }
}
