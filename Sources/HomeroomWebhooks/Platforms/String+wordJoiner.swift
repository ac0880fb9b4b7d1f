extension String {
    /// U+2060 WORD JOINER: shows as nothing, but a platform that reads `@channel`, `<@123>` or
    /// `[text](url)` no longer finds the pattern once it stands after the `@`, the `<` or the `]`.
    static let wordJoiner: Unicode.Scalar = "\u{2060}"

    /// The text with a word joiner after every one of `marks`, scalar by scalar (so a combining
    /// mark after an `@` cannot hide it).
    package func insertingWordJoiner(after marks: Set<Unicode.Scalar>) -> String {
        guard unicodeScalars.contains(where: marks.contains) else { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            scalars.append(scalar)
            if marks.contains(scalar) { scalars.append(Self.wordJoiner) }
        }
        return String(scalars)
    }
}
