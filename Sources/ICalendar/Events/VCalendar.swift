import Foundation

/// A parsed iCalendar file: its events, grouped into series, ready to be expanded.
///
/// ```swift
/// let calendar = try VCalendar(bytes: Array(data))
/// let now = calendar.active(at: Date(), localZone: calendar.timeZone)
/// ```
///
/// Any file may be hostile. Reading and expanding never trap and are bounded by ``CalendarLimits``:
/// an event past a limit (more RDATEs than allowed, a DURATION of millions of years, a rule that
/// needs too much work) is skipped with a warning naming it by UID or SUMMARY, and the rest is
/// served; numbers past any integer (INTERVAL, COUNT) read as the largest that changes anything.
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

    let series: [EventSeries]
    let zones: CalendarZones

    /// Reads a calendar. A bare `BEGIN:VEVENT … END:VEVENT` file (no VCALENDAR) is accepted; a file
    /// whose structure is broken throws an error naming the line. An event that cannot be read (a bad
    /// date or rule, a number past a limit, a broken VTIMEZONE) is skipped with a warning naming it.
    public init(bytes: [UInt8]) throws(ICalendarError) {
        let (components, warnings) = try Self.readComponentTree(bytes)
        try self.init(components: components, readerWarnings: warnings)
    }

    /// Only the first step: the component tree of a file (any components: VTODO, VJOURNAL, …) and the
    /// lines that were skipped, without reading events.
    public static func readComponents(_ bytes: [UInt8]) throws(ICalendarError) -> (
        components: [Component], warnings: [ICalendarError]
    ) {
        let (components, warnings) = try readComponentTree(bytes)
        return (components, warnings.all)
    }

    private static func readComponentTree(_ bytes: [UInt8]) throws(ICalendarError) -> (
        components: [Component], warnings: WarningList
    ) {
        if var text = String(validating: bytes, as: UTF8.self) { return try ComponentReader.read(&text) }
        return try ComponentReader.read(bytes)
    }

    public init(text: String) throws(ICalendarError) {
        var text = text
        let (components, warnings) = try ComponentReader.read(&text)
        try self.init(components: components, readerWarnings: warnings)
    }

    private init(components: [Component], readerWarnings: WarningList) throws(ICalendarError) {
        self.components = components
        var calendarProperties: [Property] = []
        var timeZoneComponents: [Component] = []
        var warnings = readerWarnings
        // The VEVENTs are visited in place, twice (counted, then read), rather than copied into a list.
        var eventCount = 0
        Self.walkEvents(components) { component in
            switch component.name {
            case "VEVENT":
                eventCount += 1
                if eventCount == CalendarLimits.maximumEvents + 1 {
                    warnings.append(
                        ICalendarError(
                            line: component.line,
                            "the file has more than \(CalendarLimits.maximumEvents) events; the rest are skipped"))
                }
            case "VTIMEZONE": timeZoneComponents.append(component)
            case "VCALENDAR": calendarProperties.append(contentsOf: component.properties)
            default: break
            }
        }
        guard !components.isEmpty else {
            throw ICalendarError(line: nil, "this is not an iCalendar file: it has no BEGIN:VCALENDAR")
        }
        name = calendarProperties.first { $0.name == "X-WR-CALNAME" }?.text
        let wrZone = calendarProperties.first { $0.name == "X-WR-TIMEZONE" }?.value.trimmingASCIISpaces()
        timeZoneName = wrZone

        var events: [Event] = []
        events.reserveCapacity(min(eventCount, CalendarLimits.maximumEvents))
        var tzids = Set<String>()
        if let wrZone { tzids.insert(wrZone) }
        var lastZone: String?
        var ruleCache: [UTF8Key: [RecurrenceRule]] = [:]
        var eventsRead = 0
        Self.walkEvents(components) { component in
            guard component.name == "VEVENT", eventsRead < CalendarLimits.maximumEvents else { return }
            eventsRead += 1
            do throws(ICalendarError) {
                let event = try Event(component, ruleCache: &ruleCache)
                // The events of a file mostly name one zone: it is inserted once, not hashed for each.
                event.forEachZoneName { tzid in
                    guard tzid != lastZone else { return }
                    tzids.insert(tzid)
                    lastZone = tzid
                }
                events.append(event)
            } catch {
                warnings.append(Self.skipped(Event.label(of: component), error))
            }
        }
        // Only the zones the events name are looked up, and VTIMEZONEs built, once each.
        let zones = CalendarZones(
            resolver: ZoneResolver(timeZones: timeZoneComponents), tzids: tzids, warnings: &warnings)
        let calendarZone = wrZone.flatMap { zones.rules(named: $0) }
        timeZone = calendarZone

        var unplaced = Set<Int>()
        for position in events.indices {
            if let wrZone, let calendarZone,
                events[position].start.reference == .utc || events[position].start.reference == .floating
            {
                events[position].move(to: wrZone, rules: calendarZone)
            }
            // A zone whose VTIMEZONE is broken cannot place the event: it is skipped now, not at every
            // question. Only such a zone makes `clock(for:)` throw.
            guard zones.hasBrokenZones else { continue }
            do {
                _ = try zones.clock(for: events[position].start)
                if let id = events[position].recurrenceID { _ = try zones.clock(for: id) }
            } catch {
                warnings.append(Self.skipped(events[position].label, error))
                unplaced.insert(position)
            }
        }
        if !unplaced.isEmpty {
            events = events.indices.filter { !unplaced.contains($0) }.map { events[$0] }
        }
        self.events = events
        self.warnings = warnings.all
        self.zones = zones

        var byUID: [UTF8Key: Int] = [:]
        byUID.reserveCapacity(events.count)
        var series: [EventSeries] = []
        // At most one series per event.
        series.reserveCapacity(events.count)
        for event in events {
            // The series of that UID, or a new one: one lookup, which inserts the new index when the UID
            // is new.
            let next = series.count
            let index = event.uidText.map { Self.value(&byUID[UTF8Key.canonical($0), default: next]) } ?? next
            if index == series.count { series.append(EventSeries()) }
            if event.recurrenceID != nil {
                series[index].overrides.append(event)
            } else if let masterSequence = series[index].master?.sequence, masterSequence > event.sequence {
                // An older version of the same event: the newer one (higher SEQUENCE) stands.
                continue
            } else {
                series[index].master = event
            }
        }
        self.series = series
    }

    /// Calls `visit` with each component where events are looked for, in file order: the top-level ones
    /// and, within each, its components, except within a VEVENT or a VTIMEZONE (events nested in a
    /// component of another kind still count). The reader nests at most ``CalendarLimits/maximumDepth``
    /// deep, so this recursion is shallow.
    private static func walkEvents(_ components: [Component], _ visit: (Component) -> Void) {
        for component in components {
            visit(component)
            if component.name != "VEVENT", component.name != "VTIMEZONE" { walkEvents(component.components, visit) }
        }
    }

    /// The value an inout access reaches (through a dictionary's `default:` subscript, which inserts it).
    private static func value(_ slot: inout Int) -> Int { slot }

    /// The warning for an event that is left out: `line 12: event "p1@school" is skipped: DTSTART …`.
    static func skipped(_ label: String, _ error: ICalendarError) -> ICalendarError {
        ICalendarError(line: error.line, "\(label) is skipped: \(error.message)")
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
        var fields = self.fields
        fields.start = moved(start)
        if case .end(let end) = ending { fields.ending = .end(moved(end)) }
        fields.exceptionDates = exceptionDates.map(moved)
        fields.recurrenceID = recurrenceID.map(moved)
        fields.extraDates = extraDates.map {
            switch $0 {
            case .start(let time): return .start(moved(time))
            case .period(let start, let end): return .period(start: moved(start), end: moved(end))
            }
        }
        self.fields = fields
    }
}
