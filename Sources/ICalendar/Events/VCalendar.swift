import Foundation

/// A parsed iCalendar file: its events, grouped into series, ready to be expanded.
///
/// ```swift
/// let calendar = try VCalendar(bytes: Array(data))
/// let now = calendar.active(at: Date(), localZone: calendar.timeZone)
/// ```
public struct VCalendar: Sendable {
    /// `X-WR-CALNAME`.
    public let name: String?
    /// `X-WR-TIMEZONE`, Google's calendar-wide zone.
    public let timeZoneName: String?
    /// The zone of `X-WR-TIMEZONE` when the tz database knows it.
    public let timeZone: ZoneRules?
    /// Every VEVENT that could be read.
    public let events: [Event]
    /// What was skipped, naming the line: an event without DTSTART, a date that does not parse.
    public let warnings: [ICalendarError]
    /// The top-level components as read.
    public let components: [Component]

    private let series: [EventSeries]
    private let zones: CalendarZones

    /// Reads a calendar. A bare `BEGIN:VEVENT … END:VEVENT` file (no VCALENDAR) is accepted; a file
    /// whose structure is broken throws an error naming the line.
    public init(bytes: [UInt8]) throws(ICalendarError) {
        let (components, warnings) = try Self.readComponents(bytes)
        try self.init(components: components, readerWarnings: warnings)
    }

    /// Only the first step: the component tree of a file (any components: VTODO, VJOURNAL, …) and the
    /// lines that were skipped, without reading events.
    public static func readComponents(_ bytes: [UInt8]) throws(ICalendarError) -> (
        components: [Component], warnings: [ICalendarError]
    ) {
        if var text = String(validating: bytes, as: UTF8.self) { return try ComponentReader.read(&text) }
        return try ComponentReader.read(bytes)
    }

    public init(text: String) throws(ICalendarError) {
        var text = text
        let (components, warnings) = try ComponentReader.read(&text)
        try self.init(components: components, readerWarnings: warnings)
    }

    private init(components: [Component], readerWarnings: [ICalendarError]) throws(ICalendarError) {
        self.components = components
        var calendarProperties: [Property] = []
        var eventComponents: [Component] = []
        var timeZoneComponents: [Component] = []
        func collect(_ component: Component) {
            switch component.name {
            case "VEVENT": eventComponents.append(component)
            case "VTIMEZONE": timeZoneComponents.append(component)
            case "VCALENDAR":
                calendarProperties.append(contentsOf: component.properties)
                component.components.forEach(collect)
            default:
                // Events nested in a component of another kind still count.
                component.components.forEach(collect)
            }
        }
        components.forEach(collect)
        guard !components.isEmpty else {
            throw ICalendarError(line: nil, "this is not an iCalendar file: it has no BEGIN:VCALENDAR")
        }
        name = calendarProperties.first { $0.name == "X-WR-CALNAME" }?.text
        let wrZone = calendarProperties.first { $0.name == "X-WR-TIMEZONE" }?.value.trimmingASCIISpaces()
        timeZoneName = wrZone
        let resolver = ZoneResolver(timeZones: timeZoneComponents)
        let calendarZone = wrZone.flatMap { try? resolver.rules(for: $0) }
        timeZone = calendarZone

        var events: [Event] = []
        var warnings = readerWarnings
        var tzids = Set<String>()
        var lastTZID: String?
        var ruleCache: [Substring: RecurrenceRule] = [:]
        for component in eventComponents {
            do {
                var event = try Event(component, ruleCache: &ruleCache)
                if let wrZone, let calendarZone, event.start.reference == .utc || event.start.reference == .floating {
                    event.move(to: wrZone, rules: calendarZone)
                }
                // Zones named elsewhere (an EXDATE in another zone) are resolved when they are met.
                // Events mostly share one zone: only a new name costs a hash.
                if case .dateTime(_, .zone(let tzid)) = event.start, tzid != lastTZID {
                    tzids.insert(tzid)
                    lastTZID = tzid
                }
                if case .end(.dateTime(_, .zone(let tzid))) = event.ending, tzid != lastTZID {
                    tzids.insert(tzid)
                    lastTZID = tzid
                }
                events.append(event)
            } catch {
                warnings.append(error)
            }
        }
        self.events = events
        self.warnings = warnings
        zones = CalendarZones(resolver: resolver, tzids: tzids)

        var byUID: [Substring: Int] = [:]
        var series: [EventSeries] = []
        for event in events {
            let index: Int
            if let uid = event.uidText, let existing = byUID[uid] {
                index = existing
            } else {
                series.append(EventSeries())
                index = series.count - 1
                if let uid = event.uidText { byUID[uid] = index }
            }
            if event.recurrenceID != nil {
                series[index].overrides.append(event)
            } else if let master = series[index].master, master.sequence > event.sequence {
                // An older version of the same event: the newer one (higher SEQUENCE) stands.
                continue
            } else {
                series[index].master = event
            }
        }
        self.series = series
    }

    /// The occurrences overlapping [from, to). Floating and all-day values are read in `localZone`
    /// (the calendar's `X-WR-TIMEZONE` when nil, UTC when it has none). Sorted by start.
    public func occurrences(
        from: Date, to: Date, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> [Occurrence] {
        let local = localZone ?? timeZone
        let lower = Int64(from.timeIntervalSince1970.rounded(.down))
        let upper = Int64(to.timeIntervalSince1970.rounded(.up))
        return try collect(local: local, includingCancelled: includingCancelled) { clock in
            EventSeries.Window(
                lower: clock.reading(at: lower, local: local), upper: clock.reading(at: upper, local: local))
        }
    }

    /// The occurrences overlapping the days [from, to), each event's days read on its own clock
    /// (what recurring-ical-events' `between(date, date)` does).
    public func occurrences(
        fromDay from: CivilDate, toDay to: CivilDate, localZone: ZoneRules? = nil, includingCancelled: Bool = false
    ) throws(ICalendarError) -> [Occurrence] {
        let window = EventSeries.Window(lower: CivilDateTime(date: from), upper: CivilDateTime(date: to))
        return try collect(local: localZone ?? timeZone, includingCancelled: includingCancelled) { _ in window }
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

    private func collect(
        local: ZoneRules?, includingCancelled: Bool, window: (EventClock) -> EventSeries.Window
    ) throws(ICalendarError) -> [Occurrence] {
        var result: [Occurrence] = []
        for item in series {
            for occurrence in try item.occurrences(zones: zones, local: local, window: window)
            where includingCancelled || !occurrence.isCancelled {
                result.append(occurrence)
            }
        }
        result.sort {
            ($0.startInstant, $0.event.uidText ?? "", $0.event.summaryText ?? "")
                < ($1.startInstant, $1.event.uidText ?? "", $1.event.summaryText ?? "")
        }
        return result
    }
}

extension Event {
    /// Google calendars (`X-WR-TIMEZONE`): UTC and floating times are read in the calendar's zone,
    /// so a weekly series keeps its wall-clock time across a DST change.
    mutating func move(to tzid: String, rules: ZoneRules) {
        func moved(_ time: CalendarTime) -> CalendarTime {
            switch time {
            case .dateTime(let civil, .utc):
                return .dateTime(rules.local(atUTC: civil.secondsSinceEpoch), .zone(tzid))
            case .dateTime(let civil, .floating):
                return .dateTime(civil, .zone(tzid))
            default:
                return time
            }
        }
        start = moved(start)
        if case .end(let end) = ending { ending = .end(moved(end)) }
        exceptionDates = exceptionDates.map(moved)
        recurrenceID = recurrenceID.map(moved)
        extraDates = extraDates.map {
            switch $0 {
            case .start(let time): return .start(moved(time))
            case .period(let start, let end): return .period(start: moved(start), end: moved(end))
            }
        }
    }
}
