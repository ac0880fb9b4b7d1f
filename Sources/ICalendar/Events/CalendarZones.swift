/// Maps the values of one calendar onto clocks: which zone a TZID names, and how a value written on
/// one clock reads on another.
///
/// Every TZID the events name is resolved once, when the calendar is read: the file's VTIMEZONEs are
/// built only for those names, at most ``CalendarLimits/maximumTimeZones`` of them, within
/// ``CalendarLimits/maximumTimeZoneSteps`` steps of expansion together.
struct CalendarZones: Sendable {
    private let resolved: [String: ZoneRules]
    private let broken: [String: ICalendarError]

    init(resolver: ZoneResolver, tzids: Set<String>, warnings: inout WarningList) {
        var resolved: [String: ZoneRules] = [:]
        var broken: [String: ICalendarError] = [:]
        var budget = ZoneBudget()
        for tzid in tzids.sorted() {
            do {
                if let rules = try resolver.rules(for: tzid, budget: &budget) { resolved[tzid] = rules }
            } catch {
                broken[tzid] = error
            }
        }
        if budget.refused > 0 {
            warnings.append(
                ICalendarError(
                    line: nil,
                    "the file needs more than \(CalendarLimits.maximumTimeZones) VTIMEZONEs; "
                        + "\(budget.refused) more are read as floating time"))
        }
        self.resolved = resolved
        self.broken = broken
    }

    /// Whether a TZID the events name has a VTIMEZONE that is defined but broken.
    var hasBrokenZones: Bool { !broken.isEmpty }

    /// The rules of a TZID the calendar uses, if known.
    func rules(named tzid: String) -> ZoneRules? {
        resolved[tzid]
    }

    /// The clock a value is written on. An unknown TZID reads as floating, as other readers do; a
    /// VTIMEZONE that is defined but broken is an error.
    func clock(for time: CalendarTime) throws(ICalendarError) -> EventClock {
        switch time {
        case .date: return .floating
        case .dateTime(_, .utc): return .utc
        case .dateTime(_, .floating): return .floating
        case .dateTime(_, .zone(let tzid)):
            if let rules = resolved[tzid] { return .zone(rules) }
            if let error = broken[tzid] { throw error }
            return .floating
        }
    }

    /// The value read on another clock (a DATE reads as its midnight).
    func reading(_ time: CalendarTime, on clock: EventClock, local: ZoneRules?) -> CivilDateTime {
        guard case .dateTime(let civil, _) = time, let own = try? self.clock(for: time) else { return time.civil }
        switch (own, clock) {
        case (.floating, _), (_, .floating), (.utc, .utc): return civil
        case (.zone(let a), .zone(let b)) where a.identifier == b.identifier: return civil
        default: return clock.reading(at: own.instant(civil, local: local), local: local)
        }
    }

    /// UNTIL on the start's clock (see ``UntilBound``).
    func untilReading(_ until: CalendarTime, start: CalendarTime, clock: EventClock, local: ZoneRules?)
        -> CivilDateTime
    {
        UntilBound.reading(until, start: start, onStartClock: reading(until, on: clock, local: local))
    }
}

/// What building the VTIMEZONEs of one calendar may still cost.
struct ZoneBudget {
    /// VTIMEZONEs that may still be built.
    var builds = CalendarLimits.maximumTimeZones
    /// Expansion steps their rules may still take.
    var steps = CalendarLimits.maximumTimeZoneSteps
    /// VTIMEZONEs not built because ``builds`` ran out.
    var refused = 0
}
