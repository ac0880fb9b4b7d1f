import Foundation

/// The check a fetched calendar passes before it may replace the last good copy of a feed: it is
/// read, then expanded over ``window(around:)`` — the weeks and months a service will ask about —
/// without error. A copy that parses but cannot be expanded (more than
/// ``CalendarLimits/maximumOccurrences`` occurrences in the window, more work than
/// ``CalendarLimits/maximumQuerySteps``) is refused, so it never becomes the copy every later
/// question is answered from.
public enum CalendarCopyCheck: Sendable {
    /// The copy may be kept; `skipped` names the events left out and why.
    case good(VCalendar, skipped: [ICalendarError])
    /// The copy must not be kept, with why in one short line for an admin.
    case refused(String)

    /// From a month before `now` to a year after it.
    public static func window(around now: Date) -> (from: Date, to: Date) {
        (now.addingTimeInterval(-31 * 86_400), now.addingTimeInterval(366 * 86_400))
    }

    /// Reads `bytes` and expands them over the window around `now`; floating and all-day values are
    /// read in `localZone` (the calendar's own zone when nil).
    public static func check(_ bytes: [UInt8], around now: Date, localZone: ZoneRules? = nil) -> CalendarCopyCheck {
        let calendar: VCalendar
        do {
            calendar = try VCalendar(bytes: bytes)
        } catch {
            return .refused("the feed is not a calendar we can read (\(error))")
        }
        let window = window(around: now)
        do {
            let expansion = try calendar.expansion(from: window.from, to: window.to, localZone: localZone)
            return .good(calendar, skipped: calendar.warnings + expansion.warnings)
        } catch {
            return .refused("the feed cannot be expanded over the coming year (\(error))")
        }
    }
}
