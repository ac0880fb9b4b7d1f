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

    /// Everything one event holds, as read from its VEVENT.
    struct Fields: Sendable {
        /// The text values as written (escapes included), views into the file: decoded when asked for.
        var uidText: Substring?
        var summaryText: Substring?
        var locationText: Substring?
        var descriptionText: Substring?
        /// SUMMARY decoded once, and cut to ``CalendarLimits/maximumSummaryLength``: every occurrence
        /// of the event shares this one string.
        var summary: String?
        var status: String?
        var sequence: Int
        var start: CalendarTime
        var ending: Ending
        var rules: [RecurrenceRule]
        var extraDates: [ExtraDate]
        var exceptionDates: [CalendarTime]
        var recurrenceID: CalendarTime?
        var appliesToFuture: Bool
        var line: Int
    }

    /// The fields behind one reference. A calendar keeps each event in its list and in its series:
    /// a copy then costs one reference count, not some 400 bytes and a dozen counts. The fields are
    /// never changed in place; a change makes a new storage.
    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var storage: Storage

    /// All the fields at once; setting them makes a new storage, so set several together.
    var fields: Fields {
        get { storage.fields }
        set { storage = Storage(newValue) }
    }

    var uidText: Substring? { storage.fields.uidText }
    var summaryText: Substring? { storage.fields.summaryText }
    var locationText: Substring? { storage.fields.locationText }
    var descriptionText: Substring? { storage.fields.descriptionText }

    public var uid: String? { uidText.map(TextEscaping.unescape) }
    /// SUMMARY, decoded, at most ``CalendarLimits/maximumSummaryLength`` characters (a longer one is
    /// cut and ends in "…").
    public var summary: String? { storage.fields.summary }
    public var location: String? { locationText.map(TextEscaping.unescape) }
    public var description: String? { descriptionText.map(TextEscaping.unescape) }
    public var status: String? {
        get { storage.fields.status }
        set { fields.status = newValue }
    }
    /// SEQUENCE: of two versions of the same event, the higher one is the newer.
    public var sequence: Int {
        get { storage.fields.sequence }
        set { fields.sequence = newValue }
    }
    public var start: CalendarTime {
        get { storage.fields.start }
        set { fields.start = newValue }
    }
    public var ending: Ending {
        get { storage.fields.ending }
        set { fields.ending = newValue }
    }
    public var rules: [RecurrenceRule] {
        get { storage.fields.rules }
        set { fields.rules = newValue }
    }
    public var extraDates: [ExtraDate] {
        get { storage.fields.extraDates }
        set { fields.extraDates = newValue }
    }
    public var exceptionDates: [CalendarTime] {
        get { storage.fields.exceptionDates }
        set { fields.exceptionDates = newValue }
    }
    public var recurrenceID: CalendarTime? {
        get { storage.fields.recurrenceID }
        set { fields.recurrenceID = newValue }
    }
    /// RECURRENCE-ID;RANGE=THISANDFUTURE: the override applies to this and every later instance.
    public var appliesToFuture: Bool {
        get { storage.fields.appliesToFuture }
        set { fields.appliesToFuture = newValue }
    }
    /// The line of its BEGIN:VEVENT.
    public var line: Int {
        get { storage.fields.line }
        set { fields.line = newValue }
    }

    /// Whether STATUS is CANCELLED.
    public var isCancelled: Bool { status?.uppercased() == "CANCELLED" }

    /// Reads a VEVENT; malformed dates and rules, and more rules or dates than ``CalendarLimits`` allow,
    /// are errors naming their line.
    public init(_ component: Component) throws(ICalendarError) {
        var rules: [UTF8Key: [RecurrenceRule]] = [:]
        try self.init(component, ruleCache: &rules)
    }

    /// Reads a VEVENT in one pass over its properties, reusing rules already parsed from the same
    /// text (a school feed repeats one RRULE for every period): `ruleCache` holds each rule in an
    /// array of its own, which an event with that one rule shares.
    init(_ component: Component, ruleCache: inout [UTF8Key: [RecurrenceRule]]) throws(ICalendarError) {
        // Where DTSTART, DTEND, DURATION and RECURRENCE-ID are in `properties` (the first of each).
        var startIndex: Int?
        var endIndex: Int?
        var durationIndex: Int?
        var idIndex: Int?
        let properties = component.properties
        var rules: [RecurrenceRule] = []
        var extraDates: [ExtraDate] = []
        var exceptionDates: [CalendarTime] = []
        var uidText: Substring?
        var summaryText: Substring?
        var locationText: Substring?
        var descriptionText: Substring?
        var status: String?
        var sequence = 0
        // By index, so that the properties the event does not use are never copied.
        for index in properties.indices {
            guard let known = properties[index].known else { continue }
            switch known {
            case .dtStart: if startIndex == nil { startIndex = index }
            case .dtEnd: if endIndex == nil { endIndex = index }
            case .duration: if durationIndex == nil { durationIndex = index }
            case .recurrenceID: if idIndex == nil { idIndex = index }
            case .rrule:
                if let rule = try Self.rule(properties[index], cache: &ruleCache) {
                    if rules.isEmpty { rules = rule } else { rules += rule }
                }
                guard rules.count <= CalendarLimits.maximumRules else {
                    throw ICalendarError(
                        line: properties[index].line, "more than \(CalendarLimits.maximumRules) RRULEs")
                }
            case .rdate: try Self.appendExtraDates(of: properties[index], to: &extraDates)
            case .exdate: try Self.appendExceptions(of: properties[index], to: &exceptionDates)
            case .uid: if uidText == nil { uidText = properties[index].raw }
            case .summary: if summaryText == nil { summaryText = properties[index].raw }
            case .location: if locationText == nil { locationText = properties[index].raw }
            case .description: if descriptionText == nil { descriptionText = properties[index].raw }
            case .status: if status == nil { status = String(properties[index].raw.trimmingASCIISpaces()) }
            case .sequence: sequence = Int(properties[index].raw.trimmingASCIISpaces()) ?? 0
            case .begin, .end: break
            }
        }
        guard let startIndex else {
            throw ICalendarError(line: component.line, "VEVENT has no DTSTART")
        }
        var start = try Self.time(properties[startIndex])
        let ending: Ending
        if let endIndex {
            let end = try Self.time(properties[endIndex])
            // An end before the start is a producer's slip: the two were swapped.
            if end.civil < start.civil, end.reference == start.reference {
                ending = .end(start)
                start = end
            } else {
                ending = .end(end)
            }
        } else if let durationIndex {
            let durationProperty = properties[durationIndex]
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
        var recurrenceID: CalendarTime?
        var appliesToFuture = false
        if let idIndex {
            let idProperty = properties[idIndex]
            recurrenceID = try Self.time(idProperty)
            appliesToFuture = idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        }
        storage = Storage(
            Fields(
                uidText: uidText, summaryText: summaryText, locationText: locationText,
                descriptionText: descriptionText, summary: summaryText.map(Self.shortSummary), status: status,
                sequence: sequence, start: start, ending: ending,
                rules: rules, extraDates: extraDates, exceptionDates: exceptionDates, recurrenceID: recurrenceID,
                appliesToFuture: appliesToFuture, line: component.line))
    }

    /// A SUMMARY value decoded, cut to ``CalendarLimits/maximumSummaryLength`` characters.
    private static func shortSummary(_ text: Substring) -> String {
        let limit = CalendarLimits.maximumSummaryLength
        // A character has at least one byte: only a long value needs counting. Each decoded character
        // comes from at most two written ones (`\n`), so twice the limit and two are enough to read.
        guard text.utf8.count > limit else { return TextEscaping.unescape(text) }
        let summary = TextEscaping.unescape(text.prefix(2 * limit + 2))
        guard summary.count > limit else { return summary }
        return summary.prefix(limit - 1) + "…"
    }

    /// The rule of an RRULE line, alone in an array; nil for an empty one.
    private static func rule(_ property: Property, cache: inout [UTF8Key: [RecurrenceRule]]) throws(ICalendarError)
        -> [RecurrenceRule]?
    {
        var text = property.raw
        if text.utf8.first == 0x20 || text.utf8.last == 0x20 {
            while text.first == " " { text.removeFirst() }
            while text.last == " " { text.removeLast() }
        }
        guard !text.isEmpty else { return nil }
        // The same bytes read as the same rule, so the cache may compare bytes.
        let key = UTF8Key(text)
        if let cached = cache[key] { return cached }
        do {
            let rule = [try RecurrenceRule(parsing: String(text))]
            cache[key] = rule
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
        // The usual list, without escapes, is read straight from its bytes; its items are only made
        // into substrings to quote one in an error.
        let limit = CalendarLimits.maximumExceptionDates
        switch CalendarTime.appendList(property.raw, tzid: tzid, to: &exceptions, limit: limit) {
        case .read: return
        case .full: throw ICalendarError(line: property.line, "more than \(limit) EXDATE dates")
        case .bad(let item): throw badException(TextEscaping.splitList(property.raw)[item], of: property)
        case .escaped: break
        }
        for item in TextEscaping.splitList(property.raw) {
            guard exceptions.count < limit else {
                throw ICalendarError(line: property.line, "more than \(limit) EXDATE dates")
            }
            guard let date = CalendarTime.parse(item, tzid: tzid) else { throw badException(item, of: property) }
            exceptions.append(date)
        }
    }

    private static func badException(_ item: Substring, of property: Property) -> ICalendarError {
        ICalendarError(line: property.line, "EXDATE \(ICalendarError.quoted(item)) is not a date or date-time")
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

    /// Calls `add` with the name of the zone of each of its values written in one (a name may come
    /// more than once).
    func forEachZoneName(_ add: (String) -> Void) {
        func visit(_ time: CalendarTime?) {
            if case .dateTime(_, .zone(let tzid))? = time { add(tzid) }
        }
        visit(start)
        if case .end(let end) = ending { visit(end) }
        visit(recurrenceID)
        for exception in exceptionDates { visit(exception) }
        for extra in extraDates {
            switch extra {
            case .start(let time): visit(time)
            case .period(let start, let end):
                visit(start)
                visit(end)
            }
        }
    }
}
