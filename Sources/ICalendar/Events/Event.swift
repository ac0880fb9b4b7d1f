/// One VEVENT as written: the master of a series, or an override of one instance (RECURRENCE-ID).
public struct Event: Sendable {
    /// An RDATE entry: an extra start, or a PERIOD with its own end.
    public enum ExtraDate: Sendable, Hashable {
        case start(CalendarTime)
        case period(start: CalendarTime, end: CalendarTime)
    }

    /// How an event ends.
    public enum Ending: Sendable, Hashable {
        case end(CalendarTime)
        case duration(CalendarDuration)
        /// Neither DTEND nor DURATION: it lasts no time (a day for an all-day event).
        case none
    }

    /// The text values as written (escapes included), views into the file: decoded when asked for.
    var uidText: Substring?
    var summaryText: Substring?
    var locationText: Substring?
    var descriptionText: Substring?

    public var uid: String? { uidText.map(TextEscaping.unescape) }
    public var summary: String? { summaryText.map(TextEscaping.unescape) }
    public var location: String? { locationText.map(TextEscaping.unescape) }
    public var description: String? { descriptionText.map(TextEscaping.unescape) }
    public var status: String?
    /// SEQUENCE: of two versions of the same event, the higher one is the newer.
    public var sequence: Int
    public var start: CalendarTime
    public var ending: Ending
    public var rules: [RecurrenceRule]
    public var extraDates: [ExtraDate]
    public var exceptionDates: [CalendarTime]
    public var recurrenceID: CalendarTime?
    /// RECURRENCE-ID;RANGE=THISANDFUTURE: the override applies to this and every later instance.
    public var appliesToFuture: Bool
    /// The line of its BEGIN:VEVENT.
    public var line: Int

    /// Whether STATUS is CANCELLED.
    public var isCancelled: Bool { status?.uppercased() == "CANCELLED" }

    /// Reads a VEVENT; malformed dates and rules, and more rules or dates than ``CalendarLimits`` allow,
    /// are errors naming their line.
    public init(_ component: Component) throws(ICalendarError) {
        var rules: [Substring: RecurrenceRule] = [:]
        try self.init(component, ruleCache: &rules)
    }

    /// Reads a VEVENT in one pass over its properties, reusing rules already parsed from the same
    /// text (a school feed repeats one RRULE for every period).
    init(_ component: Component, ruleCache: inout [Substring: RecurrenceRule]) throws(ICalendarError) {
        var startProperty: Property?
        var endProperty: Property?
        var durationProperty: Property?
        var idProperty: Property?
        var rules: [RecurrenceRule] = []
        var extraDates: [ExtraDate] = []
        var exceptionDates: [CalendarTime] = []
        uidText = nil
        summaryText = nil
        locationText = nil
        descriptionText = nil
        status = nil
        sequence = 0
        for property in component.properties {
            switch property.name {
            case "DTSTART": if startProperty == nil { startProperty = property }
            case "DTEND": if endProperty == nil { endProperty = property }
            case "DURATION": if durationProperty == nil { durationProperty = property }
            case "RECURRENCE-ID": if idProperty == nil { idProperty = property }
            case "RRULE":
                if let rule = try Self.rule(property, cache: &ruleCache) { rules.append(rule) }
                guard rules.count <= CalendarLimits.maximumRules else {
                    throw ICalendarError(line: property.line, "more than \(CalendarLimits.maximumRules) RRULEs")
                }
            case "RDATE": try Self.appendExtraDates(of: property, to: &extraDates)
            case "EXDATE": try Self.appendExceptions(of: property, to: &exceptionDates)
            case "UID": if uidText == nil { uidText = property.raw }
            case "SUMMARY": if summaryText == nil { summaryText = property.raw }
            case "LOCATION": if locationText == nil { locationText = property.raw }
            case "DESCRIPTION": if descriptionText == nil { descriptionText = property.raw }
            case "STATUS": if status == nil { status = String(property.raw).trimmingASCIISpaces() }
            case "SEQUENCE": sequence = Int(String(property.raw).trimmingASCIISpaces()) ?? 0
            default: break
            }
        }
        guard let startProperty else {
            throw ICalendarError(line: component.line, "VEVENT has no DTSTART")
        }
        start = try Self.time(startProperty)
        line = component.line
        if let endProperty {
            let end = try Self.time(endProperty)
            // An end before the start is a producer's slip: the two were swapped.
            if end.civil < start.civil, end.reference == start.reference {
                ending = .end(start)
                start = end
            } else {
                ending = .end(end)
            }
        } else if let durationProperty {
            guard let duration = CalendarDuration.parse(durationProperty.raw) else {
                throw ICalendarError(
                    line: durationProperty.line,
                    "DURATION \(ICalendarError.quoted(durationProperty.raw)) is not a duration "
                        + "(or longer than \(CalendarLimits.maximumDurationDays) days)")
            }
            ending = .duration(duration)
        } else {
            ending = .none
        }
        self.rules = rules
        self.extraDates = extraDates
        self.exceptionDates = exceptionDates
        if let idProperty {
            recurrenceID = try Self.time(idProperty)
            appliesToFuture = idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        } else {
            recurrenceID = nil
            appliesToFuture = false
        }
    }

    /// The rule of an RRULE line; nil for an empty one.
    private static func rule(_ property: Property, cache: inout [Substring: RecurrenceRule]) throws(ICalendarError)
        -> RecurrenceRule?
    {
        var text = property.raw
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        guard !text.isEmpty else { return nil }
        if let cached = cache[text] { return cached }
        do {
            let rule = try RecurrenceRule(parsing: String(text))
            cache[text] = rule
            return rule
        } catch {
            throw ICalendarError(line: property.line, "RRULE: \(error.message)")
        }
    }

    private static func appendExtraDates(of property: Property, to extraDates: inout [ExtraDate])
        throws(ICalendarError)
    {
        let tzid = property.parameter("TZID")
        for item in TextEscaping.splitList(property.raw) {
            guard extraDates.count < CalendarLimits.maximumExtraDates else {
                throw ICalendarError(
                    line: property.line, "more than \(CalendarLimits.maximumExtraDates) RDATE dates")
            }
            if let slash = item.firstIndex(of: "/") {
                guard let periodStart = CalendarTime.parse(item[..<slash], tzid: tzid) else {
                    throw ICalendarError(
                        line: property.line, "RDATE period \(ICalendarError.quoted(item)) has a bad start")
                }
                let rest = item[item.index(after: slash)...]
                if let periodEnd = CalendarTime.parse(rest, tzid: tzid) {
                    extraDates.append(.period(start: periodStart, end: periodEnd))
                } else if let duration = CalendarDuration.parse(rest) {
                    let end = periodStart.with(civil: periodStart.civil.adding(days: duration))
                    extraDates.append(.period(start: periodStart, end: end))
                } else {
                    throw ICalendarError(
                        line: property.line, "RDATE period \(ICalendarError.quoted(item)) has a bad end")
                }
            } else if let date = CalendarTime.parse(item, tzid: tzid) {
                extraDates.append(.start(date))
            } else {
                throw ICalendarError(
                    line: property.line, "RDATE \(ICalendarError.quoted(item)) is not a date or date-time")
            }
        }
    }

    private static func appendExceptions(of property: Property, to exceptions: inout [CalendarTime])
        throws(ICalendarError)
    {
        let tzid = property.parameter("TZID")
        for item in TextEscaping.splitList(property.raw) {
            guard exceptions.count < CalendarLimits.maximumExceptionDates else {
                throw ICalendarError(
                    line: property.line, "more than \(CalendarLimits.maximumExceptionDates) EXDATE dates")
            }
            guard let date = CalendarTime.parse(item, tzid: tzid) else {
                throw ICalendarError(
                    line: property.line, "EXDATE \(ICalendarError.quoted(item)) is not a date or date-time")
            }
            exceptions.append(date)
        }
    }

    private static func time(_ property: Property) throws(ICalendarError) -> CalendarTime {
        guard let time = CalendarTime.parse(property.raw, tzid: property.parameter("TZID")) else {
            throw ICalendarError(
                line: property.line,
                "\(property.name) \(ICalendarError.quoted(property.raw)) is not a date or date-time")
        }
        return time
    }
}

extension CivilDateTime {
    /// Adds a duration on the wall clock: nominal days, then its seconds.
    func adding(days duration: CalendarDuration) -> CivilDateTime {
        CivilDateTime(date: date.adding(days: duration.days), hour: hour, minute: minute, second: second)
            .adding(seconds: duration.seconds)
    }
}

extension Event {
    /// How a warning names the event: by UID, else by SUMMARY, as the file writes them.
    var label: String { Self.label(uid: uidText, summary: summaryText) }

    /// How a warning names a VEVENT that could not be read.
    static func label(of component: Component) -> String {
        label(uid: component.property("UID")?.raw, summary: component.property("SUMMARY")?.raw)
    }

    private static func label(uid: Substring?, summary: Substring?) -> String {
        func trimmed(_ text: Substring?) -> String? {
            guard let text else { return nil }
            let value = String(text).trimmingASCIISpaces()
            return value.isEmpty ? nil : TextEscaping.unescape(Substring(value))
        }
        if let uid = trimmed(uid) { return "event \(ICalendarError.quoted(uid))" }
        if let summary = trimmed(summary) { return "event \(ICalendarError.quoted(summary))" }
        return "an event without UID or SUMMARY"
    }

    /// The names of the zones its values are written in.
    var zoneNames: Set<String> {
        var names = Set<String>()
        func add(_ time: CalendarTime?) {
            if case .dateTime(_, .zone(let tzid))? = time { names.insert(tzid) }
        }
        add(start)
        if case .end(let end) = ending { add(end) }
        add(recurrenceID)
        for exception in exceptionDates { add(exception) }
        for extra in extraDates {
            switch extra {
            case .start(let time): add(time)
            case .period(let start, let end):
                add(start)
                add(end)
            }
        }
        return names
    }
}
