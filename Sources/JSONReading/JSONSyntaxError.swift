/// Why a JSON document could not be read: the first problem and the line it is on. A reader that
/// knows the document's meaning wraps it in its own error.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
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
