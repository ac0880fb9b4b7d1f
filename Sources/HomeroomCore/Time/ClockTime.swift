/// A time of day as people type it: `15:30`, `7:05`, `3:30pm`, `3pm`.
public struct ClockTime: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// Reads a 24-hour `H:MM` or a 12-hour `h[:MM]am|pm`; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        var text = text.lowercased()
        var afternoon: Bool?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            afternoon = text.hasSuffix("pm")
            text.removeLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hour = Int(parts[0]),
            parts.count == 2 ? parts[1].count == 2 : afternoon != nil,
            let minute = parts.count == 2 ? Int(parts[1]) : 0, (0...59).contains(minute)
        else { return nil }
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            self.hour = hour % 12 + (afternoon ? 12 : 0)
        } else {
            guard (0...23).contains(hour) else { return nil }
            self.hour = hour
        }
        self.minute = minute
    }

    /// `HH:MM`, as stored and shown.
    public var description: String { "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)" }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute) }
}
