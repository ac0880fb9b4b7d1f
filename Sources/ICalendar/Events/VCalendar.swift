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
        var eventComponents: [Component] = []
        var timeZoneComponents: [Component] = []
        var warnings = readerWarnings
        // The reader nests at most CalendarLimits.maximumDepth deep, so this recursion is shallow.
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
        if eventComponents.count > CalendarLimits.maximumEvents {
            warnings.append(
                ICalendarError(
                    line: eventComponents[CalendarLimits.maximumEvents].line,
                    "the file has more than \(CalendarLimits.maximumEvents) events; the rest are skipped"))
            eventComponents.removeLast(eventComponents.count - CalendarLimits.maximumEvents)
        }
        name = calendarProperties.first { $0.name == "X-WR-CALNAME" }?.text
        let wrZone = calendarProperties.first { $0.name == "X-WR-TIMEZONE" }?.value.trimmingASCIISpaces()
        timeZoneName = wrZone

        var read: [(event: Event, component: Component)] = []
        var tzids = Set<String>()
        if let wrZone { tzids.insert(wrZone) }
        var ruleCache: [Substring: RecurrenceRule] = [:]
        for component in eventComponents {
            do {
                let event = try Event(component, ruleCache: &ruleCache)
                tzids.formUnion(event.zoneNames)
                read.append((event, component))
            } catch {
                warnings.append(Self.skipped(Event.label(of: component), error))
            }
        }
        // Only the zones the events name are looked up, and VTIMEZONEs built, once each.
        let zones = CalendarZones(
            resolver: ZoneResolver(timeZones: timeZoneComponents), tzids: tzids, warnings: &warnings)
        let calendarZone = wrZone.flatMap { zones.rules(named: $0) }
        timeZone = calendarZone

        var events: [Event] = []
        for (read, component) in read {
            var event = read
            if let wrZone, let calendarZone, event.start.reference == .utc || event.start.reference == .floating {
                event.move(to: wrZone, rules: calendarZone)
            }
            do {
                // A zone whose VTIMEZONE is broken cannot place the event: it is skipped now, not
                // at every question.
                _ = try zones.clock(for: event.start)
                if let id = event.recurrenceID { _ = try zones.clock(for: id) }
                events.append(event)
            } catch {
                warnings.append(Self.skipped(Event.label(of: component), error))
            }
        }
        self.events = events
        self.warnings = warnings.all
        self.zones = zones

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
