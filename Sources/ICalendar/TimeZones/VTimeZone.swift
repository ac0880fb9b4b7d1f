/// Turns a VTIMEZONE component into ``ZoneRules``: every STANDARD and DAYLIGHT observance contributes
/// its onsets (DTSTART, RRULE, RDATE), each read on the clock before it (TZOFFSETFROM).
enum VTimeZone {
    /// Transitions are generated up to this year; the last offset holds after it.
    static let lastYear = 2100

    static func rules(from component: Component, identifier: String) throws(ICalendarError) -> ZoneRules {
        var transitions: [(instant: Int64, offsetAfter: Int)] = []
        var earliest: (instant: Int64, offsetBefore: Int)?
        for observance in component.components where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
            guard let fromProperty = observance.property("TZOFFSETFROM"), let from = UTCOffset.parse(fromProperty.value)
            else {
                throw ICalendarError(
                    line: observance.line, "\(observance.name) of \(identifier) needs a valid TZOFFSETFROM")
            }
            guard let toProperty = observance.property("TZOFFSETTO"), let to = UTCOffset.parse(toProperty.value) else {
                throw ICalendarError(
                    line: observance.line, "\(observance.name) of \(identifier) needs a valid TZOFFSETTO")
            }
            guard let startProperty = observance.property("DTSTART"),
                let start = CalendarTime.parse(startProperty.raw)
            else {
                throw ICalendarError(line: observance.line, "\(observance.name) of \(identifier) needs a valid DTSTART")
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
                let expansion = RecurrenceExpansion(
                    rule: rule, start: start.civil, until: until,
                    upperBound: CivilDateTime(year: lastYear, month: 12, day: 31))
                onsets.append(contentsOf: expansion.prefix(5000))
            }
            for property in observance.properties(named: "RDATE") {
                for item in TextEscaping.splitList(property.raw) {
                    if let date = CalendarTime.parse(item) { onsets.append(date.civil) }
                }
            }
            for onset in Set(onsets) {
                let instant = onset.secondsSinceEpoch - Int64(from)
                transitions.append((instant, to))
                if earliest == nil || instant < earliest!.instant { earliest = (instant, from) }
            }
        }
        guard let earliest else {
            throw ICalendarError(line: component.line, "VTIMEZONE \(identifier) has no STANDARD or DAYLIGHT part")
        }
        return ZoneRules(identifier: identifier, transitions: transitions, initialOffset: earliest.offsetBefore)
    }
}
