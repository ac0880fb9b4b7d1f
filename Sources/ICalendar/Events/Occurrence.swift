import CivilDates
import Foundation

/// One instance of an event: when it starts and ends, and the VEVENT that describes it (the
/// override for a changed instance, otherwise the series' master).
public struct Occurrence: Sendable {
    public var event: Event
    public var start: CalendarTime
    public var end: CalendarTime
    /// The instance's original start (its RECURRENCE-ID), which names it within its series.
    public var recurrenceID: CalendarTime?
    /// When it starts; all-day and floating values are read in the local zone the query named.
    public var startInstant: Date
    public var endInstant: Date
    /// The UTC offsets in effect at the start and at the end, nil for floating and all-day values.
    public var startOffset: Int?
    public var endOffset: Int?
    public var recurrenceIDOffset: Int?

    public var uid: String? { event.uid }
    public var summary: String? { event.summary }
    public var isAllDay: Bool { start.isDate }
    /// A wall-clock time with no zone (none given, or one nobody knows).
    public var isFloating: Bool { !start.isDate && startOffset == nil }
    public var isCancelled: Bool { event.isCancelled }

    /// Whether it is under way at that instant: start ≤ instant < end.
    public func contains(_ instant: Date) -> Bool {
        startInstant <= instant && instant < endInstant
    }
}

/// ISO 8601 text for calendar values: `2025-10-20`, `2025-10-20T08:00:00` (floating) or
/// `2025-10-20T08:00:00-07:00`.
public enum CalendarTimeFormat {
    public static func iso(_ time: CalendarTime, offset: Int?) -> String {
        switch time {
        case .date(let date):
            return date.description
        case .dateTime(let civil, let reference):
            guard reference != .floating, let offset else { return civil.description }
            let sign = offset < 0 ? "-" : "+"
            let magnitude = abs(offset)
            let hours = zeroPadded(magnitude / 3600, width: 2)
            var text = "\(civil)\(sign)\(hours):\(zeroPadded(magnitude / 60 % 60, width: 2))"
            if magnitude % 60 != 0 { text += ":\(zeroPadded(magnitude % 60, width: 2))" }
            return text
        }
    }
}
