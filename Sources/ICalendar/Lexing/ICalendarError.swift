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

    /// Text from the file as an error quotes it: in quotes, cut short (see ``excerpt(_:)``).
    static func quoted(_ text: some StringProtocol) -> String {
        "\"\(excerpt(text))\""
    }

    /// Text from the file as an error shows it: cut to its first 40 characters, so a megabyte-long
    /// value or name cannot make the message long.
    static func excerpt(_ text: some StringProtocol) -> String {
        let limit = 40
        guard text.utf8.count > limit else { return String(text) }
        return "\(text.prefix(limit))…"
    }
}

/// The warnings of one calendar, at most ``CalendarLimits/maximumWarnings``: those past it are only
/// counted, and a last warning says how many there were.
struct WarningList: Sendable {
    private(set) var kept: [ICalendarError] = []
    private var dropped = 0

    init(_ warnings: [ICalendarError] = []) {
        for warning in warnings { append(warning) }
    }

    mutating func append(_ warning: ICalendarError) {
        if kept.count < CalendarLimits.maximumWarnings { kept.append(warning) } else { dropped += 1 }
    }

    mutating func append(contentsOf warnings: [ICalendarError]) {
        for warning in warnings { append(warning) }
    }

    /// The warnings kept, and one more counting the others when some were dropped.
    var all: [ICalendarError] {
        dropped == 0 ? kept : kept + [ICalendarError(line: nil, "\(dropped) more problems are not listed")]
    }
}
