/// Why an import was rejected: every problem found, each naming its line (CSV) or its place
/// (JSON). Nothing was written.
public struct LunchImportError: Error, Equatable, CustomStringConvertible {
    /// The problems, in file order.
    public let problems: [String]

    /// Creates an error from its problems.
    public init(problems: [String]) {
        self.problems = problems
    }

    public var description: String {
        let shown = problems.prefix(20)
        let more = problems.count > shown.count ? ["… and \(problems.count - shown.count) more"] : []
        return (["import rejected, nothing was changed:"] + shown.map { "  \($0)" } + more).joined(separator: "\n")
    }
}
