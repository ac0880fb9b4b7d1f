/// The first instances of a rule in libical's text form: what `homeroom inspect rrule` prints.
public enum RecurrenceListing {
    /// - Parameters:
    ///   - rule: the RRULE value (`FREQ=…`).
    ///   - start: DTSTART as `YYYYMMDD`, `YYYYMMDDTHHMMSS` (floating) or with `Z` (UTC).
    ///   - count: how many instances to list at most (no more than ``maximumCount``).
    ///   - startingAt: when given, only instances at or after it are listed (the rule is still
    ///     counted from DTSTART).
    public static func instances(rule: String, start: String, count: Int, startingAt: String? = nil)
        throws(ICalendarError) -> [String]
    {
        guard count <= maximumCount else {
            throw ICalendarError(line: nil, "at most \(maximumCount) instances are listed")
        }
        let parsedRule = try RecurrenceRule(parsing: rule)
        guard let dtstart = CalendarTime.parse(Substring(start)) else {
            throw ICalendarError(line: nil, "DTSTART \(ICalendarError.quoted(start)) is not a date or date-time")
        }
        var lowerBound: CivilDateTime?
        if let startingAt {
            guard let parsed = CalendarTime.parse(Substring(startingAt)) else {
                throw ICalendarError(
                    line: nil, "start \(ICalendarError.quoted(startingAt)) is not a date or date-time")
            }
            lowerBound = parsed.civil
        }
        var expansion = RecurrenceExpansion(
            rule: parsedRule, start: dtstart.civil,
            until: parsedRule.until.map { UntilBound.reading($0, start: dtstart, onStartClock: $0.civil) },
            lowerBound: lowerBound)
        var listed: [String] = []
        while listed.count < count, let instance = expansion.next() {
            if let lowerBound, instance < lowerBound { continue }
            switch dtstart {
            case .date: listed.append(instance.date.basicFormat)
            case .dateTime(_, let reference): listed.append(instance.basicFormat + (reference == .utc ? "Z" : ""))
            }
        }
        if expansion.gaveUp, listed.count < count {
            throw ICalendarError(
                line: nil,
                "the rule needs more than \(CalendarLimits.maximumExpansionSteps) steps to expand: "
                    + "it never matches, or makes too many candidates")
        }
        return listed
    }

    /// The most instances one listing gives.
    public static let maximumCount = 100_000
}
