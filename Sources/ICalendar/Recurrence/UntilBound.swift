/// UNTIL as the last wall-clock reading a series may start at, on the clock of its DTSTART.
enum UntilBound {
    /// - Parameter onStartClock: UNTIL already converted to the start's clock (the caller knows the
    ///   zones). A DATE UNTIL on a DATE-TIME series, and any UNTIL on a DATE series, include that
    ///   whole day, as RFC 5545 compares UNTIL inclusively.
    static func reading(_ until: CalendarTime, start: CalendarTime, onStartClock: CivilDateTime) -> CivilDateTime {
        if case .date(let date) = until, !start.isDate {
            return CivilDateTime(date: date, hour: 23, minute: 59, second: 59)
        }
        if start.isDate { return CivilDateTime(date: onStartClock.date, hour: 23, minute: 59, second: 59) }
        return onStartClock
    }
}
