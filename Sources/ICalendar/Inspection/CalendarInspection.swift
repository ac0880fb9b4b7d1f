import CivilDates
import Foundation

/// What `homeroom inspect` prints about a calendar, in the shapes of the corpus CLI contract
/// (`ICS_CMD`, `ICS_NOW_CMD`): the occurrences Homeroom reads, so an admin can check them.
public enum CalendarInspection {
    /// One occurrence, as `ICS_CMD` prints it.
    public struct OccurrenceRecord: Codable, Hashable, Sendable {
        public var uid: String?
        public var recurrenceID: String?
        public var start: String
        public var end: String
        public var summary: String?
        public var allDay: Bool
        public var floating: Bool

        enum CodingKeys: String, CodingKey {
            case uid, start, end, summary, floating
            case recurrenceID = "recurrence_id"
            case allDay = "all_day"
        }

        public init(
            uid: String?, recurrenceID: String?, start: String, end: String, summary: String?, allDay: Bool,
            floating: Bool
        ) {
            self.uid = uid
            self.recurrenceID = recurrenceID
            self.start = start
            self.end = end
            self.summary = summary
            self.allDay = allDay
            self.floating = floating
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(uid, forKey: .uid)
            try container.encode(recurrenceID, forKey: .recurrenceID)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(summary, forKey: .summary)
            try container.encode(allDay, forKey: .allDay)
            try container.encode(floating, forKey: .floating)
        }
    }

    /// What is under way at an instant, as `ICS_NOW_CMD` prints it.
    public struct NowRecord: Codable, Hashable, Sendable {
        public var active: [String]
        public var minutesLeft: Int?

        enum CodingKeys: String, CodingKey {
            case active
            case minutesLeft = "minutes_left"
        }

        public init(active: [String], minutesLeft: Int?) {
            self.active = active
            self.minutesLeft = minutesLeft
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(active, forKey: .active)
            try container.encode(minutesLeft, forKey: .minutesLeft)
        }
    }

    /// Every occurrence overlapping the days [from, to), cancelled ones included, in start order.
    public static func occurrences(in calendar: VCalendar, fromDay from: LocalDate, toDay to: LocalDate)
        throws(ICalendarError) -> [OccurrenceRecord]
    {
        try expansion(in: calendar, fromDay: from, toDay: to).records
    }

    /// ``occurrences(in:fromDay:toDay:)`` with the events left out of the window and why.
    public static func expansion(in calendar: VCalendar, fromDay from: LocalDate, toDay to: LocalDate)
        throws(ICalendarError) -> (records: [OccurrenceRecord], warnings: [ICalendarError])
    {
        let expansion = try calendar.expansion(fromDay: from, toDay: to, includingCancelled: true)
        return (expansion.occurrences.map(record), expansion.warnings)
    }

    /// The summaries under way at `instant` (sorted) and the whole minutes until the first of them ends.
    public static func now(in calendar: VCalendar, at instant: Date) throws(ICalendarError) -> NowRecord {
        let active = try calendar.active(at: instant, includingCancelled: true)
        let firstEnd = active.map(\.endInstant).min()
        return NowRecord(
            active: active.map { $0.summary ?? "" }.sorted {
                $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
            },
            minutesLeft: firstEnd.flatMap { Int(exactly: ($0.timeIntervalSince(instant) / 60).rounded(.down)) })
    }

    static func record(_ occurrence: Occurrence) -> OccurrenceRecord {
        OccurrenceRecord(
            uid: occurrence.uid,
            recurrenceID: occurrence.recurrenceID.map {
                CalendarTimeFormat.iso($0, offset: occurrence.recurrenceIDOffset)
            },
            start: CalendarTimeFormat.iso(occurrence.start, offset: occurrence.startOffset),
            end: CalendarTimeFormat.iso(occurrence.end, offset: occurrence.endOffset),
            summary: occurrence.summary, allDay: occurrence.isAllDay, floating: occurrence.isFloating)
    }
}
