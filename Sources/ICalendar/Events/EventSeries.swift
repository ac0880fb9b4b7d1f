import CivilDates
import Foundation

/// The VEVENTs that share a UID: the master with its rules, and the overrides of single instances
/// (or, with RANGE=THISANDFUTURE, of an instance and all later ones).
struct EventSeries: Sendable {
    var master: Event?
    var overrides: [Event] = []

    /// Where occurrences are looked for, as wall-clock readings of the event's own clock.
    struct Window {
        var lower: CivilDateTime
        var upper: CivilDateTime
    }

    /// How a warning names the series.
    var label: String { (master ?? overrides.first)?.label ?? "an event" }

    /// The instances of a series in a window, found (and counted) before any occurrence is made, so
    /// a query can refuse a window with too many before it does the work of making them.
    struct Plan {
        fileprivate var clock: EventClock
        fileprivate var span: Window
        fileprivate var instances: Instances
        fileprivate var starts: [CivilDateTime: CivilDateTime?]
        /// Overrides by the instance they replace.
        fileprivate var overridesByID: [CivilDateTime: Int]
        /// RANGE=THISANDFUTURE overrides, each with how far it moves later instances and how long they last.
        fileprivate var futureOverrides: [(id: CivilDateTime, event: Event, shift: Int64, lasting: Lasting)]
    }

    /// How many occurrences the series may have in the window: its planned starts, or its overrides
    /// when it has no master.
    func instanceCount(_ plan: Plan?) -> Int {
        plan?.starts.count ?? overrides.count
    }

    /// The starts of the series in the window the closure gives for each clock; nil for a series
    /// without a master (its overrides stand alone). Throws when the series makes more than
    /// ``CalendarLimits/maximumInstancesPerSeries`` instances or needs more than its share of
    /// `budget` to expand.
    func plan(
        zones: CalendarZones, local: ZoneRules?, budget: inout ExpansionBudget, window: (EventClock) -> Window
    ) throws(ICalendarError) -> Plan? {
        guard let master else { return nil }
        let clock = try zones.clock(for: master.start)
        let span = window(clock)
        let instances = try Instances(master, clock: clock, zones: zones, local: local)
        let lowerBound = span.lower.adding(seconds: -instances.lasting.longest - 86_400)
        var starts = try instances.starts(from: lowerBound, before: span.upper, budget: &budget)

        // Of two overrides for the same instance, the newer stands.
        var overridesByID: [CivilDateTime: Int] = [:]
        var futureOverrides: [(id: CivilDateTime, event: Event, shift: Int64, lasting: Lasting)] = []
        for (index, override) in overrides.enumerated() {
            guard let id = override.recurrenceID else { continue }
            let reading = zones.reading(id, on: clock, local: local)
            if let existing = overridesByID[reading], overrides[existing].sequence > override.sequence { continue }
            overridesByID[reading] = index
            if override.appliesToFuture {
                let overrideStart = zones.reading(override.start, on: clock, local: local)
                futureOverrides.append(
                    (
                        reading, override, overrideStart.secondsSinceEpoch - reading.secondsSinceEpoch,
                        try Lasting(override, start: overrideStart, clock: clock, zones: zones, local: local)
                    ))
            }
        }
        futureOverrides.sort { $0.id < $1.id }
        // An override of an instance outside the window may have moved into it.
        for id in overridesByID.keys where starts.index(forKey: id) == nil {
            if try instances.contains(id, budget: &budget) { starts.updateValue(nil, forKey: id) }
        }
        return Plan(
            clock: clock, span: span, instances: instances, starts: starts, overridesByID: overridesByID,
            futureOverrides: futureOverrides)
    }

    /// The occurrences overlapping the window: those of the plan, or the overrides on their own.
    func occurrences(
        _ plan: Plan?, zones: CalendarZones, local: ZoneRules?, window: (EventClock) -> Window
    ) throws(ICalendarError) -> [Occurrence] {
        var result: [Occurrence] = []
        guard let plan, let master else {
            for override in overrides {
                if let occurrence = try standalone(override, zones: zones, local: local, window: window) {
                    result.append(occurrence)
                }
            }
            return result
        }
        // The starts and the THISANDFUTURE overrides are both in order: the override in force (the last
        // one at or before a start) is followed along with them, not searched for at each start.
        var future: (id: CivilDateTime, event: Event, shift: Int64, lasting: Lasting)?
        var nextFuture = plan.futureOverrides.startIndex
        for (start, periodEnd) in plan.starts.sorted(by: { $0.key < $1.key }) {
            while nextFuture < plan.futureOverrides.endIndex, plan.futureOverrides[nextFuture].id <= start {
                future = plan.futureOverrides[nextFuture]
                nextFuture += 1
            }
            if plan.instances.isExcluded(start) { continue }
            let recurrenceID = master.start.with(civil: start)
            if let index = plan.overridesByID[start] {
                if let occurrence = try standalone(overrides[index], zones: zones, local: local, window: window) {
                    result.append(occurrence)
                }
                continue
            }
            var event = master
            var instanceStart = start
            var instanceEnd = periodEnd ?? plan.instances.lasting.end(after: start)
            if let future {
                event = future.event
                instanceStart = start.adding(seconds: future.shift)
                instanceEnd = future.lasting.end(after: instanceStart)
            }
            guard Self.overlaps(instanceStart, instanceEnd, plan.span) else { continue }
            result.append(
                Self.occurrence(
                    event: event, start: master.start.with(civil: instanceStart),
                    end: master.start.with(civil: instanceEnd), recurrenceID: recurrenceID, clock: plan.clock,
                    local: local))
        }
        return result
    }

    /// An event on its own: a single event, or an override placed where its DTSTART says.
    private func standalone(
        _ event: Event, zones: CalendarZones, local: ZoneRules?, window: (EventClock) -> Window
    ) throws(ICalendarError) -> Occurrence? {
        let clock = try zones.clock(for: event.start)
        let start = zones.reading(event.start, on: clock, local: local)
        let end = try Lasting(event, start: start, clock: clock, zones: zones, local: local).end(after: start)
        guard Self.overlaps(start, end, window(clock)) else { return nil }
        return Self.occurrence(
            event: event, start: event.start, end: event.start.with(civil: end), recurrenceID: event.recurrenceID,
            clock: clock, local: local,
            idClock: try event.recurrenceID.map { id throws(ICalendarError) in try zones.clock(for: id) })
    }

    /// Half-open overlap; an instant event counts when it starts inside the window.
    private static func overlaps(_ start: CivilDateTime, _ end: CivilDateTime, _ window: Window) -> Bool {
        if start == end { return start >= window.lower && start < window.upper }
        return start < window.upper && end > window.lower
    }

    private static func occurrence(
        event: Event, start: CalendarTime, end: CalendarTime, recurrenceID: CalendarTime?, clock: EventClock,
        local: ZoneRules?, idClock: EventClock? = nil
    ) -> Occurrence {
        let startInstant = clock.instant(start.civil, local: local)
        let endInstant = clock.instant(end.civil, local: local)
        let idClock = idClock ?? clock
        let idInstant = recurrenceID.map { idClock.instant($0.civil, local: local) }
        return Occurrence(
            event: event, start: start, end: end, recurrenceID: recurrenceID,
            startInstant: Date(timeIntervalSince1970: TimeInterval(startInstant)),
            endInstant: Date(timeIntervalSince1970: TimeInterval(endInstant)),
            startOffset: start.isDate ? nil : clock.offset(at: startInstant),
            endOffset: end.isDate ? nil : clock.offset(at: endInstant),
            recurrenceIDOffset: recurrenceID?.isDate == false ? idInstant.flatMap { idClock.offset(at: $0) } : nil)
    }
}

/// The instances of a master event, as wall-clock readings of its clock: DTSTART, its rules and
/// RDATEs, less its EXDATEs.
private struct Instances {
    let master: Event
    let clock: EventClock
    let zones: CalendarZones
    let local: ZoneRules?
    let firstStart: CivilDateTime
    let lasting: Lasting
    private let untils: [CivilDateTime?]
    private let excludedTimes: Set<CivilDateTime>
    private let excludedDays: Set<LocalDate>

    init(_ master: Event, clock: EventClock, zones: CalendarZones, local: ZoneRules?) throws(ICalendarError) {
        self.master = master
        self.clock = clock
        self.zones = zones
        self.local = local
        firstStart = zones.reading(master.start, on: clock, local: local)
        lasting = try Lasting(master, start: firstStart, clock: clock, zones: zones, local: local)
        untils = master.rules.map { rule in
            rule.until.map { zones.untilReading($0, start: master.start, clock: clock, local: local) }
        }
        var excludedTimes = Set<CivilDateTime>()
        var excludedDays = Set<LocalDate>()
        for exception in master.exceptionDates {
            if exception.isDate, !master.start.isDate {
                excludedDays.insert(exception.civil.date)
            } else {
                excludedTimes.insert(zones.reading(exception, on: clock, local: local))
            }
        }
        self.excludedTimes = excludedTimes
        self.excludedDays = excludedDays
    }

    /// A series whose only rule ends before it starts has no instances at all.
    private var isEmpty: Bool {
        master.extraDates.isEmpty && !untils.isEmpty && untils.allSatisfy { $0.map { $0 < firstStart } ?? false }
    }

    func isExcluded(_ start: CivilDateTime) -> Bool {
        excludedTimes.contains(start) || excludedDays.contains(start.date)
    }

    /// The starts in [lower, upper), each with its own end when an RDATE period gives one.
    func starts(from lower: CivilDateTime, before upper: CivilDateTime, budget: inout ExpansionBudget)
        throws(ICalendarError) -> [CivilDateTime: CivilDateTime?]
    {
        guard !isEmpty else { return [:] }
        var starts: [CivilDateTime: CivilDateTime?] = [:]
        if firstStart >= lower, firstStart < upper { starts.updateValue(nil, forKey: firstStart) }
        let limit = CalendarLimits.maximumInstancesPerSeries
        var expanded = 0
        for (rule, until) in zip(master.rules, untils) {
            var expansion = RecurrenceExpansion(
                rule: rule, start: firstStart, until: until, lowerBound: lower, upperBound: upper,
                stepLimit: Swift.min(CalendarLimits.maximumExpansionSteps, budget.steps))
            defer { budget.steps -= expansion.steps }
            // Instances before the window (a rule with COUNT is expanded from DTSTART) cost steps only.
            while let instance = expansion.next(), instance < upper {
                guard instance >= lower else { continue }
                expanded += 1
                if expanded > limit {
                    throw ICalendarError(line: master.line, "the rule makes more than \(limit) instances in this range")
                }
                if starts.index(forKey: instance) == nil { starts.updateValue(nil, forKey: instance) }
            }
            if expansion.gaveUp {
                throw ICalendarError(
                    line: master.line,
                    "the rule needs more than \(CalendarLimits.maximumExpansionSteps) steps to expand: "
                        + "it never matches, or makes too many candidates")
            }
        }
        for extra in master.extraDates {
            switch extra {
            case .start(let time):
                let reading = zones.reading(time, on: clock, local: local)
                if reading >= lower, reading < upper, starts.index(forKey: reading) == nil {
                    starts.updateValue(nil, forKey: reading)
                }
            case .period(let start, let end):
                let reading = zones.reading(start, on: clock, local: local)
                if reading >= lower, reading < upper { starts[reading] = zones.reading(end, on: clock, local: local) }
            }
        }
        return starts
    }

    /// Whether the series has an instance that starts exactly then (and it is not excluded).
    func contains(_ start: CivilDateTime, budget: inout ExpansionBudget) throws(ICalendarError) -> Bool {
        guard !isExcluded(start) else { return false }
        return try starts(from: start, before: start.adding(seconds: 1), budget: &budget).index(forKey: start) != nil
    }
}

/// How long each instance of an event lasts, on the wall clock of its start.
private struct Lasting {
    private let seconds: Int64?
    private let duration: CalendarDuration?

    init(_ event: Event, start: CivilDateTime, clock: EventClock, zones: CalendarZones, local: ZoneRules?)
        throws(ICalendarError)
    {
        switch event.ending {
        case .end(let end):
            let endReading = zones.reading(end, on: clock, local: local)
            seconds = Swift.max(0, endReading.secondsSinceEpoch - start.secondsSinceEpoch)
            duration = nil
        case .duration(let value):
            seconds = nil
            duration = value
        case .none:
            seconds = event.start.isDate ? 86_400 : 0
            duration = nil
        }
    }

    func end(after start: CivilDateTime) -> CivilDateTime {
        if let seconds { return start.adding(seconds: seconds) }
        return start.adding(days: duration!)
    }

    /// An upper bound of the length, to know how far before a window an instance may start.
    var longest: Int64 {
        if let seconds { return seconds }
        return Swift.max(0, Int64(duration!.days) * 86_400 + duration!.seconds) + 3600
    }
}
