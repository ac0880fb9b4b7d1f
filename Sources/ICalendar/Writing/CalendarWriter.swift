import Foundation

/// Writes events as an iCalendar feed (RFC 5545) that calendar apps subscribe to: times in UTC,
/// text escaped, lines folded at 75 octets without splitting a character, CRLF line ends.
public struct CalendarWriter: Sendable {
    /// One event to publish.
    public struct Event: Sendable, Equatable {
        /// A stable, globally unique id: the same event keeps it across edits.
        public var uid: String
        public var start: Date
        public var end: Date
        public var summary: String
        public var location: String?
        public var description: String?
        /// When the event was written down (DTSTAMP).
        public var stamp: Date

        public init(
            uid: String, start: Date, end: Date, summary: String, location: String? = nil, description: String? = nil,
            stamp: Date
        ) {
            self.uid = uid
            self.start = start
            self.end = end
            self.summary = summary
            self.location = location
            self.description = description
            self.stamp = stamp
        }
    }

    /// The calendar's name in subscribing apps (`X-WR-CALNAME`).
    public var name: String
    /// The zone apps show it in (`X-WR-TIMEZONE`), an IANA name.
    public var timeZone: String

    public init(name: String, timeZone: String) {
        self.name = name
        self.timeZone = timeZone
    }

    /// The feed with `events`.
    public func document(_ events: [Event]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homeroom//Homeroom events//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:\(TextEscaping.escape(name))", "X-WR-TIMEZONE:\(timeZone)",
        ]
        for event in events {
            lines += [
                "BEGIN:VEVENT", "UID:\(TextEscaping.escape(event.uid))", "DTSTAMP:\(Self.utc(event.stamp))",
                "DTSTART:\(Self.utc(event.start))", "DTEND:\(Self.utc(event.end))",
                "SUMMARY:\(TextEscaping.escape(event.summary))",
            ]
            if let location = event.location { lines.append("LOCATION:\(TextEscaping.escape(location))") }
            if let description = event.description {
                lines.append("DESCRIPTION:\(TextEscaping.escape(description))")
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261203T203000Z`.
    static func utc(_ date: Date) -> String {
        let civil = CivilDateTime(secondsSinceEpoch: Int64(date.timeIntervalSince1970.rounded(.down)))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(civil.date.year)
        return
            "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)\(two(civil.date.month))\(two(civil.date.day))"
            + "T\(two(civil.hour))\(two(civil.minute))\(two(civil.second))Z"
    }

    /// A content line folded into lines of at most 75 octets, continuations starting with a space.
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var lineBytes = 0
        for character in line {
            let size = character.utf8.count
            if lineBytes + size > 75 {
                result += "\r\n "
                lineBytes = 1
            }
            result.append(character)
            lineBytes += size
        }
        return result
    }
}
