/// Turns a VTIMEZONE component into ``ZoneRules``: every STANDARD and DAYLIGHT observance contributes
/// its onsets (DTSTART, RRULE, RDATE), each read on the clock before it (TZOFFSETFROM).
///
/// A VTIMEZONE with more than ``CalendarLimits/maximumTransitions`` onsets, or whose rules need more
/// expansion steps than `steps` has left, is an error, as one with an offset out of range is.
enum VTimeZone {
    /// Transitions are generated up to this year; the last offset holds after it.
    static let lastYear = 2100

    static func rules(from component: Component, identifier: String, steps: inout Int) throws(ICalendarError)
        -> ZoneRules
    {
        let name = ICalendarError.quoted(identifier)
        let limit = CalendarLimits.maximumTransitions
        var transitions: [(instant: Int64, offsetAfter: Int)] = []
        var earliest: (instant: Int64, offsetBefore: Int)?
        for observance in component.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let fromProperty = observance.property("TZOFFSETFROM"), let from = UTCOffset.parse(fromProperty.value)
            else {
                throw ICalendarError(line: observance.line, "\(observance.name) of \(name) needs a valid TZOFFSETFROM")
            }
            guard let toProperty = observance.property("TZOFFSETTO"), let to = UTCOffset.parse(toProperty.value) else {
                throw ICalendarError(line: observance.line, "\(observance.name) of \(name) needs a valid TZOFFSETTO")
            }
            guard let startProperty = observance.property("DTSTART"),
                let start = CalendarTime.parse(startProperty.raw)
            else {
                throw ICalendarError(line: observance.line, "\(observance.name) of \(name) needs a valid DTSTART")
            }
            var onsets: [CivilDateTime] = [start.civil]
            for property in observance.properties(named: "RRULE") {
                let rule: RecurrenceRule
                do { rule = try RecurrenceRule(parsing: property.value) } catch {
                    throw ICalendarError(line: property.line, error.message)
                }
                let until = rule.until.map { until -> CivilDateTime in
                    if case .dateTime(let civil, .utc) = until { return civil.adding(seconds: Int64(from)) }
                    return until.civil
                }
                var expansion = RecurrenceExpansion(
                    rule: rule, start: start.civil, until: until,
                    upperBound: CivilDateTime(year: lastYear, month: 12, day: 31),
                    stepLimit: Swift.min(CalendarLimits.maximumExpansionSteps, steps))
                while let onset = expansion.next() {
                    onsets.append(onset)
                    if transitions.count + onsets.count > limit { break }
                }
                steps -= expansion.steps
                if expansion.gaveUp {
                    throw ICalendarError(line: property.line, "the rule of \(name) needs too many steps to expand")
                }
            }
            for property in observance.properties(named: "RDATE") {
                for item in TextEscaping.splitList(property.raw) {
                    if let date = CalendarTime.parse(item) { onsets.append(date.civil) }
                    if transitions.count + onsets.count > limit { break }
                }
            }
            guard transitions.count + onsets.count <= limit else {
                throw ICalendarError(line: observance.line, "\(name) has more than \(limit) transitions")
            }
            for onset in Set(onsets) {
                let instant = onset.secondsSinceEpoch - Int64(from)
                transitions.append((instant, to))
                if earliest == nil || instant < earliest!.instant { earliest = (instant, from) }
            }
        }
        guard let earliest else {
            throw ICalendarError(line: component.line, "VTIMEZONE \(name) has no STANDARD or DAYLIGHT part")
        }
        return ZoneRules(identifier: identifier, transitions: transitions, initialOffset: earliest.offsetBefore)
    }
}
