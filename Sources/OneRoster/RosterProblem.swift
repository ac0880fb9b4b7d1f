/// One row the reader skipped, or a value it could not use, named by file and line: for the log or
/// report of an import, in English (`users.csv line 14: no sourcedId`).
public struct RosterProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file the row is in.
    public let file: RosterFile
    /// The 1-based line the row starts on.
    public let line: Int
    /// What is wrong, in a few words.
    public let reason: String

    /// A problem with the row on `line` of `file`.
    public init(file: RosterFile, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `users.csv line 14: no sourcedId`.
    public var description: String { "\(file) line \(line): \(reason)" }
}
