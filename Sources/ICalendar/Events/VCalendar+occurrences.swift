import CivilDates
import Foundation

/// What one query found: the occurrences, and the events it had to leave out, each named with the
/// reason (a rule that makes too many instances in the window, or needs too much work to expand).
public struct CalendarExpansion: Sendable {
    /// Sorted by start.
    public var occurrences: [Occurrence]
    public var warnings: [ICalendarError]
}

extension VCalendar {
    /// The occurrences overlapping [from, to). Floating and all-day values are read in `localZone`
    /// (the calendar's `X-WR-TIMEZONE` when nil, UTC when it has none). Sorted by start. An event
    /// that cannot be expanded in the window is left out (``expansion(from:to:localZone:includingCancelled:)``
    /// says which); the query fails only past ``CalendarLimits/maximumOccurrences`` or
    /// ``CalendarLimits/maximumQuerySteps``.
    public func occurrences(
        from: Date, to: Date, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> [Occurrence] {
        try expansion(from: from, to: to, localZone: localZone, includingCancelled: includingCancelled).occurrences
    }

    /// The occurrences overlapping the days [from, to), each event's days read on its own clock
    /// (what recurring-ical-events' `between(date, date)` does).
    public func occurrences(
        fromDay from: LocalDate, toDay to: LocalDate, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> [Occurrence] {
        try expansion(fromDay: from, toDay: to, localZone: localZone, includingCancelled: includingCancelled)
            .occurrences
    }

    /// What is under way at that instant (start ≤ instant < end); all-day events span local
    /// midnight to midnight in `localZone` (the calendar's zone when nil).
    public func active(at instant: Date, localZone: ZoneRules? = nil, includingCancelled: Bool = false)
        throws(ICalendarError) -> [Occurrence]
    {
        try occurrences(
            from: instant, to: instant.addingTimeInterval(1), localZone: localZone,
            includingCancelled: includingCancelled
        ).filter { $0.contains(instant) }
    }

    /// ``occurrences(from:to:localZone:includingCancelled:)`` with the events it left out.
    public func expansion(
        from: Date, to: Date, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> CalendarExpansion {
        let local = localZone ?? timeZone
        let lower = Self.seconds(from, rounded: .down)
        let upper = Self.seconds(to, rounded: .up)
        return try collect(local: local, includingCancelled: includingCancelled) { clock in
            EventSeries.Window(
                lower: clock.reading(at: lower, local: local), upper: clock.reading(at: upper, local: local))
        }
    }

    /// ``occurrences(fromDay:toDay:localZone:includingCancelled:)`` with the events it left out.
    public func expansion(
        fromDay from: LocalDate, toDay to: LocalDate, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> CalendarExpansion {
        let window = EventSeries.Window(lower: CivilDateTime(date: from), upper: CivilDateTime(date: to))
        return try collect(local: localZone ?? timeZone, includingCancelled: includingCancelled) { _ in window }
    }

    /// Whole seconds since 1970 of a date, within about ±300,000 years (a date past that, or not
    /// finite, reads as that bound), so no date converts with a trap.
    private static func seconds(_ date: Date, rounded rule: FloatingPointRoundingRule) -> Int64 {
        let bound: Int64 = 10_000_000_000_000
        let value = date.timeIntervalSince1970.rounded(rule)
        guard value.isFinite else { return value < 0 ? -bound : bound }
        return Int64(Swift.min(Swift.max(value, -Double(bound)), Double(bound)))
    }

    /// Plans every series first, so a window with too many instances is refused before any occurrence
    /// is made; a series that cannot be expanded is left out with a warning.
    private func collect(
        local: ZoneRules?, includingCancelled: Bool, window: (EventClock) -> EventSeries.Window
    ) throws(ICalendarError) -> CalendarExpansion {
        var warnings = WarningList()
        var budget = ExpansionBudget()
        var instances = 0
        var plans: [(series: EventSeries, plan: EventSeries.Plan?)] = []
        for item in series {
            do {
                let plan = try item.plan(zones: zones, local: local, budget: &budget, window: window)
                instances += item.instanceCount(plan)
                plans.append((item, plan))
            } catch {
                if budget.steps <= 0 {
                    throw ICalendarError(
                        line: nil,
                        "the calendar needs more than \(CalendarLimits.maximumQuerySteps) steps to expand in this range"
                    )
                }
                warnings.append(Self.skipped(item.label, error))
            }
            if instances > CalendarLimits.maximumOccurrences {
                throw ICalendarError(
                    line: nil,
                    "the calendar has more than \(CalendarLimits.maximumOccurrences) occurrences in this range")
            }
        }
        var result: [Occurrence] = []
        for (item, plan) in plans {
            do {
                for occurrence in try item.occurrences(plan, zones: zones, local: local, window: window)
                where includingCancelled || !occurrence.isCancelled {
                    result.append(occurrence)
                }
            } catch {
                warnings.append(Self.skipped(item.label, error))
            }
        }
        result.sort {
            ($0.startInstant, $0.event.uidText ?? "", $0.event.summaryText ?? "")
                < ($1.startInstant, $1.event.uidText ?? "", $1.event.summaryText ?? "")
        }
        return CalendarExpansion(occurrences: result, warnings: warnings.all)
    }
}

/// The expansion steps one query may still take, shared by all its series
/// (``CalendarLimits/maximumQuerySteps``).
struct ExpansionBudget {
    var steps = CalendarLimits.maximumQuerySteps
}
