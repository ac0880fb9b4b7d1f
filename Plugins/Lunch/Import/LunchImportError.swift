import HomeroomCore

/// Why an import was rejected: every problem found, each naming its line (CSV) or its place
/// (JSON). Nothing was written.
public struct LunchImportError: Error, Equatable, CustomStringConvertible {
    /// The problems, in file order, in ``language``.
    public let problems: [String]
    /// The language the problems are written in, and the description with them.
    public let language: Language

    /// Creates an error from its problems, written in `language`.
    public init(problems: [String], language: Language = .english) {
        self.problems = problems
        self.language = language
    }

    public var description: String { lines(showingAtMost: 20, indent: "  ").joined(separator: "\n") }

    /// "import rejected, nothing was changed:", the first `limit` problems each after `indent`,
    /// and how many more there are.
    func lines(showingAtMost limit: Int, indent: String = "") -> [String] {
        let words = Words(LunchPlugin.catalogs, language)
        let shown = problems.prefix(limit)
        let more =
            problems.count > shown.count
            ? [words.plural("… and {count} more", "… and {count} more", count: problems.count - shown.count)] : []
        return [words("import rejected, nothing was changed:")] + shown.map { indent + $0 } + more
    }
}
