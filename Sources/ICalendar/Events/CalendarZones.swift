/// Maps the values of one calendar onto clocks: which zone a TZID names, and how a value written on
/// one clock reads on another.
struct CalendarZones: Sendable {
    private let resolver: ZoneResolver
    private let resolved: [String: ZoneRules]

    init(resolver: ZoneResolver, tzids: Set<String>) {
        self.resolver = resolver
        var resolved: [String: ZoneRules] = [:]
        for tzid in tzids {
            if let rules = try? resolver.rules(for: tzid) { resolved[tzid] = rules }
        }
        self.resolved = resolved
    }

    /// The rules of a TZID the calendar uses, if known.
    func rules(for tzid: String) -> ZoneRules? {
        resolved[tzid] ?? (try? resolver.rules(for: tzid)) ?? nil
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
            if let rules = try resolver.rules(for: tzid) { return .zone(rules) }
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
