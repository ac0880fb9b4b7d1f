/// A problem in a campus file, with the line it is on.
public struct CampusFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// What is wrong, in a short sentence.
    public let message: String

    /// Creates the error.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 57: …`.
    public var description: String { "line \(line): \(message)" }
}
