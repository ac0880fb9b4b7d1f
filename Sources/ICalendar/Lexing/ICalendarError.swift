/// Why a calendar could not be read, naming the line where it went wrong.
public struct ICalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line of the file, counting from 1; nil when the problem is not on one line.
    public var line: Int?
    public var message: String

    public init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}
