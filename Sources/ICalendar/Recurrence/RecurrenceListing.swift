/// The first instances of a rule in libical's text form: what `homeroom inspect rrule` prints.
public enum RecurrenceListing {
    /// - Parameters:
    ///   - rule: the RRULE value (`FREQ=…`).
    ///   - start: DTSTART as `YYYYMMDD`, `YYYYMMDDTHHMMSS` (floating) or with `Z` (UTC).
    ///   - count: how many instances to list at most.
    ///   - startingAt: when given, only instances at or after it are listed (the rule is still
    ///     counted from DTSTART).
    public static func instances(rule: String, start: String, count: Int, startingAt: String? = nil)
        throws(ICalendarError) -> [String]
    {
        let parsedRule = try RecurrenceRule(parsing: rule)
        guard let dtstart = CalendarTime.parse(Substring(start)) else {
            throw ICalendarError(line: nil, "DTSTART \"\(start)\" is not a date or date-time")
        }
        var lowerBound: CivilDateTime?
        if let startingAt {
            guard let parsed = CalendarTime.parse(Substring(startingAt)) else {
                throw ICalendarError(line: nil, "start \"\(startingAt)\" is not a date or date-time")
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
        return listed
    }
}
