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

    public var uid: String?
    public var summary: String?
    public var location: String?
    public var description: String?
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

    /// Whether it has more than one instance.
    public var isRecurring: Bool { !rules.isEmpty || !extraDates.isEmpty }

    /// Reads a VEVENT; malformed dates and rules are errors naming their line.
    public init(_ component: Component) throws(ICalendarError) {
        guard let startProperty = component.property("DTSTART") else {
            throw ICalendarError(line: component.line, "VEVENT has no DTSTART")
        }
        start = try Self.time(startProperty)
        uid = component.property("UID")?.text
        summary = component.property("SUMMARY")?.text
        location = component.property("LOCATION")?.text
        description = component.property("DESCRIPTION")?.text
        status = component.property("STATUS")?.value.trimmingASCIISpaces()
        line = component.line
        sequence = component.property("SEQUENCE").flatMap { Int($0.value.trimmingASCIISpaces()) } ?? 0
        if let endProperty = component.property("DTEND") {
            let end = try Self.time(endProperty)
            // An end before the start is a producer's slip: the two were swapped.
            if end.civil < start.civil, end.reference == start.reference {
                ending = .end(start)
                start = end
            } else {
                ending = .end(end)
            }
        } else if let durationProperty = component.property("DURATION") {
            guard let duration = CalendarDuration.parse(Substring(durationProperty.value)) else {
                throw ICalendarError(line: durationProperty.line, "DURATION \"\(durationProperty.value)\" is not a duration")
            }
            ending = .duration(duration)
        } else {
            ending = .none
        }
        rules = []
        for property in component.properties(named: "RRULE") where !property.value.trimmingASCIISpaces().isEmpty {
            do { rules.append(try RecurrenceRule(parsing: property.value)) } catch {
                throw ICalendarError(line: property.line, "RRULE: \(error.message)")
            }
        }
        extraDates = []
        for property in component.properties(named: "RDATE") {
            let tzid = property.parameter("TZID")
            for item in TextEscaping.splitList(property.value) {
                if let slash = item.firstIndex(of: "/") {
                    guard let periodStart = CalendarTime.parse(item[..<slash], tzid: tzid) else {
                        throw ICalendarError(line: property.line, "RDATE period \"\(item)\" has a bad start")
                    }
                    let rest = item[item.index(after: slash)...]
                    if let periodEnd = CalendarTime.parse(rest, tzid: tzid) {
                        extraDates.append(.period(start: periodStart, end: periodEnd))
                    } else if let duration = CalendarDuration.parse(rest) {
                        let end = periodStart.with(civil: periodStart.civil.adding(days: duration))
                        extraDates.append(.period(start: periodStart, end: end))
                    } else {
                        throw ICalendarError(line: property.line, "RDATE period \"\(item)\" has a bad end")
                    }
                } else if let date = CalendarTime.parse(item, tzid: tzid) {
                    extraDates.append(.start(date))
                } else {
                    throw ICalendarError(line: property.line, "RDATE \"\(item)\" is not a date or date-time")
                }
            }
        }
        exceptionDates = []
        for property in component.properties(named: "EXDATE") {
            let tzid = property.parameter("TZID")
            for item in TextEscaping.splitList(property.value) {
                guard let date = CalendarTime.parse(item, tzid: tzid) else {
                    throw ICalendarError(line: property.line, "EXDATE \"\(item)\" is not a date or date-time")
                }
                exceptionDates.append(date)
            }
        }
        if let idProperty = component.property("RECURRENCE-ID") {
            recurrenceID = try Self.time(idProperty)
            appliesToFuture = idProperty.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        } else {
            recurrenceID = nil
            appliesToFuture = false
        }
    }

    private static func time(_ property: Property) throws(ICalendarError) -> CalendarTime {
        guard let time = CalendarTime.parse(Substring(property.value), tzid: property.parameter("TZID")) else {
            throw ICalendarError(line: property.line, "\(property.name) \"\(property.value)\" is not a date or date-time")
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
