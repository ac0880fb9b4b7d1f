import CivilDates

/// The instances of a ``RecurrenceRule`` from a start, in order, as wall-clock readings.
///
/// Each period of the rule's frequency (a year, a month, a week starting on WKST, a day, …, stepped by
/// INTERVAL) gets its candidate days and times from the BYxxx parts — expanding or limiting as RFC 5545
/// §3.3.10 tabulates — then BYSETPOS picks among them. Candidates before the start are skipped and not
/// counted; COUNT and UNTIL end the sequence. A rule with no end stops at ``upperBound`` or after year
/// 9999, and a rule with no instance in 400 years has none at all.
///
/// Every period looked at, day examined and time generated is a step; past `stepLimit` steps the
/// expansion gives up (``gaveUp``), so no rule (one that never matches, one that makes millions of
/// candidates a year) hangs it or fills the memory. All arithmetic on the rule's numbers is checked:
/// INTERVAL is read as at most ``CalendarLimits/maximumInterval``, beyond which nothing changes.
public struct RecurrenceExpansion: Sequence, IteratorProtocol {
    private let rule: RecurrenceRule
    private let start: CivilDateTime
    private let until: CivilDateTime?
    private let upperBound: CivilDateTime?
    private let byMonth: [Int]
    private let hours: [Int]
    private let minutes: [Int]
    private let seconds: [Int]
    /// BYMONTH, BYYEARDAY, BYMONTHDAY and BYDAY, looked up in constant time.
    private let dayMatcher: DayMatcher
    private let interval: Int
    private let stepLimit: Int

    private var period: CivilDateTime
    private var buffer: [CivilDateTime] = []
    private var bufferIndex = 0
    private var produced = 0
    private var finished = false
    /// Set when the next period would be past year 9999.
    private var periodsEnded = false
    private var lastYearWithCandidates: Int
    /// The steps taken so far.
    public private(set) var steps = 0
    /// Whether the expansion stopped at its step limit rather than at the end of the rule.
    public private(set) var gaveUp = false

    /// - Parameters:
    ///   - until: UNTIL converted to the start's clock (the caller knows the zones); nil for none.
    ///   - lowerBound: instances before it are not needed (lets a rule without COUNT skip ahead).
    ///   - upperBound: no instance after it is needed.
    ///   - stepLimit: the steps it may take before it gives up.
    public init(
        rule: RecurrenceRule, start: CivilDateTime, until: CivilDateTime? = nil, lowerBound: CivilDateTime? = nil,
        upperBound: CivilDateTime? = nil, stepLimit: Int = CalendarLimits.maximumExpansionSteps
    ) {
        self.rule = rule
        interval = Swift.min(Swift.max(rule.interval, 1), CalendarLimits.maximumInterval)
        self.stepLimit = stepLimit
        self.start = start
        self.until = until
        self.upperBound = upperBound
        lastYearWithCandidates = start.date.year
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var byDay = rule.byDay
        if rule.byWeekNumber.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case .monthly:
                byMonthDay = [start.date.day]
            case .weekly:
                byDay = [.init(ordinal: 0, weekday: start.date.isoWeekday)]
            default:
                break
            }
        }
        // What the rule leaves out comes from DTSTART (RFC 5545 §3.3.10): a yearly rule by month day
        // stays in DTSTART's month, and a yearly rule by week number on DTSTART's weekday.
        if rule.frequency == .yearly, rule.byWeekNumber.isEmpty, rule.byYearDay.isEmpty, byMonth.isEmpty,
            !rule.byMonthDay.isEmpty
        {
            byMonth = [start.date.month]
        }
        if rule.frequency == .yearly, !rule.byWeekNumber.isEmpty, rule.byYearDay.isEmpty, rule.byMonthDay.isEmpty,
            byDay.isEmpty
        {
            byDay = [.init(ordinal: 0, weekday: start.date.isoWeekday)]
        }
        self.byMonth = byMonth
        dayMatcher = DayMatcher(
            byMonth: byMonth, byYearDay: rule.byYearDay, byMonthDay: byMonthDay, byDay: byDay,
            usesOrdinals: byDay.contains { $0.ordinal != 0 }
                && (rule.frequency == .monthly || (rule.frequency == .yearly && rule.byWeekNumber.isEmpty)),
            ordinalsWithinMonth: rule.frequency == .monthly || !rule.byMonth.isEmpty)
        hours = (rule.byHour.isEmpty && rule.frequency > .hourly ? [start.hour] : rule.byHour).sorted()
        minutes = (rule.byMinute.isEmpty && rule.frequency > .minutely ? [start.minute] : rule.byMinute).sorted()
        let allowedSeconds = rule.bySecond.filter { $0 < 60 }
        seconds = (rule.bySecond.isEmpty && rule.frequency > .secondly ? [start.second] : allowedSeconds).sorted()
        period = Self.firstPeriod(of: rule, start: start)
        if !rule.bySecond.isEmpty && allowedSeconds.isEmpty { finished = true }
        if rule.count == 0 { finished = true }
        if rule.count == nil, let lowerBound {
            skipAhead(toward: lowerBound)
            lastYearWithCandidates = period.date.year
        }
    }

    public mutating func next() -> CivilDateTime? {
        while !finished {
            if bufferIndex < buffer.count {
                let candidate = buffer[bufferIndex]
                bufferIndex += 1
                if candidate < start { continue }
                if let until, candidate > until {
                    finished = true
                    return nil
                }
                produced += 1
                if let count = rule.count, produced >= count { finished = true }
                return candidate
            }
            fillBuffer()
        }
        return nil
    }

    // MARK: Periods

    private static func firstPeriod(of rule: RecurrenceRule, start: CivilDateTime) -> CivilDateTime {
        let date = start.date
        switch rule.frequency {
        case .yearly:
            // Week numbers belong to a week-numbering year, which may differ from the calendar year.
            let year = rule.byWeekNumber.isEmpty ? date.year : weekNumberingYear(of: date, weekStart: rule.weekStart)
            return CivilDateTime(date: LocalDate(firstDayOf: 1, in: year))
        case .monthly: return CivilDateTime(date: LocalDate(firstDayOf: date.month, in: date.year))
        case .weekly:
            let back = (date.isoWeekday - rule.weekStart + 7) % 7
            return CivilDateTime(date: date.adding(days: -back))
        case .daily: return CivilDateTime(date: date)
        case .hourly: return CivilDateTime(date: date, hour: start.hour)
        case .minutely: return CivilDateTime(date: date, hour: start.hour, minute: start.minute)
        case .secondly: return start
        }
    }

    /// No instance is looked for after this year (DATE values have four digits).
    static let lastYear = 9999

    /// The length of one period in seconds, for the frequencies with a fixed length (nil for MONTHLY
    /// and YEARLY). With INTERVAL at most ``CalendarLimits/maximumInterval`` it cannot overflow.
    private var fixedStep: Int64? {
        let seconds: Int64
        switch rule.frequency {
        case .weekly: seconds = 7 * 86_400
        case .daily: seconds = 86_400
        case .hourly: seconds = 3600
        case .minutely: seconds = 60
        case .secondly: seconds = 1
        case .monthly, .yearly: return nil
        }
        let (step, overflow) = seconds.multipliedReportingOverflow(by: Int64(interval))
        return overflow ? nil : step
    }

    /// Moves `periods` periods on; past year 9999 (or past any number) there are no more periods, and
    /// the rule ends once the candidates of the current one are used.
    private mutating func advance(periods: Int = 1) {
        steps += 1
        let (distance, overflow) = interval.multipliedReportingOverflow(by: periods)
        guard !overflow else {
            periodsEnded = true
            return
        }
        switch rule.frequency {
        case .yearly:
            let (year, overflow) = period.date.year.addingReportingOverflow(distance)
            guard !overflow, year <= Self.lastYear else {
                periodsEnded = true
                return
            }
            period = CivilDateTime(date: LocalDate(firstDayOf: 1, in: year))
        case .monthly:
            let (months, overflow) = (period.date.year * 12 + (period.date.month - 1)).addingReportingOverflow(distance)
            guard !overflow, months / 12 <= Self.lastYear else {
                periodsEnded = true
                return
            }
            period = CivilDateTime(date: LocalDate(firstDayOf: months % 12 + 1, in: months / 12))
        default:
            guard let step = fixedStep else {
                periodsEnded = true
                return
            }
            let (seconds, overflow) = step.multipliedReportingOverflow(by: Int64(periods))
            let (next, overflowAgain) = period.secondsSinceEpoch.addingReportingOverflow(seconds)
            guard !overflow, !overflowAgain, next < Self.endOfLastYear else {
                periodsEnded = true
                return
            }
            period = CivilDateTime(secondsSinceEpoch: next)
        }
    }

    /// The first second after year 9999.
    private static let endOfLastYear = CivilDateTime(date: LocalDate(firstDayOf: 1, in: lastYear + 1)).secondsSinceEpoch

    private mutating func skipAhead(toward lowerBound: CivilDateTime) {
        let periods: Int
        switch rule.frequency {
        case .yearly:
            periods = (lowerBound.date.year - period.date.year) / interval - 1
        case .monthly:
            let months =
                (lowerBound.date.year - period.date.year) * 12 + (lowerBound.date.month - period.date.month)
            periods = months / interval - 1
        default:
            guard let step = fixedStep else { return }
            periods = Int((lowerBound.secondsSinceEpoch - period.secondsSinceEpoch) / step) - 1
        }
        if periods > 0 { advance(periods: periods) }
    }

    // MARK: Candidates

    private mutating func fillBuffer() {
        if periodsEnded {
            finished = true
            return
        }
        if let upperBound, period > upperBound {
            finished = true
            return
        }
        if let until, period > until {
            finished = true
            return
        }
        buffer.removeAll(keepingCapacity: true)
        bufferIndex = 0
        if steps >= stepLimit {
            gaveUp = true
            finished = true
            return
        }
        if rule.frequency >= .daily {
            var days: [LocalDate] = []
            for day in candidateDays() {
                steps += 1
                if dayMatcher.matches(day) { days.append(day) }
            }
            if rule.bySetPosition.isEmpty {
                fillBuffer(days: days)
            } else {
                fillBuffer(days: days, positions: rule.bySetPosition)
            }
            if gaveUp { return }
            advance()
        } else {
            fillSubDailyBuffer()
        }
        // The Gregorian calendar repeats every 400 years: a rule with no instance in that long has
        // none at all.
        if buffer.isEmpty {
            if period.date.year - lastYearWithCandidates > 400 { finished = true }
        } else {
            lastYearWithCandidates = period.date.year
        }
    }

    /// Every time of every day, in order; when they would be more than the steps left, the expansion
    /// gives up before it makes them (one period may hold millions).
    private mutating func fillBuffer(days: [LocalDate]) {
        let timesPerDay = hours.count * minutes.count * seconds.count
        guard steps + days.count * timesPerDay <= stepLimit else {
            gaveUp = true
            finished = true
            return
        }
        steps += days.count * timesPerDay
        for day in days {
            for hour in hours {
                for minute in minutes {
                    for second in seconds {
                        buffer.append(CivilDateTime(date: day, hour: hour, minute: minute, second: second))
                    }
                }
            }
        }
    }

    /// BYSETPOS on a DAILY or longer period: the chosen candidates are found by their place among
    /// every time of every day, without making the others.
    private mutating func fillBuffer(days: [LocalDate], positions: [Int]) {
        let perMinute = seconds.count
        let perHour = minutes.count * perMinute
        let timesPerDay = hours.count * perHour
        let total = days.count * timesPerDay
        guard total > 0 else { return }
        var chosen = Set<Int>()
        for position in positions {
            let index = position > 0 ? position - 1 : total + position
            if index >= 0, index < total { chosen.insert(index) }
        }
        steps += chosen.count
        for index in chosen.sorted() {
            let time = index % timesPerDay
            buffer.append(
                CivilDateTime(
                    date: days[index / timesPerDay], hour: hours[time / perHour],
                    minute: minutes[time % perHour / perMinute],
                    second: seconds[time % perMinute]))
        }
    }

    /// HOURLY, MINUTELY and SECONDLY: one period is one hour, minute or second.
    private mutating func fillSubDailyBuffer() {
        let day = period.date
        if !dayMatcher.allows(month: day.month) {
            // A month the rule leaves out is skipped whole, so a rule that never matches ends soon.
            let next = day.adding(days: LocalDate.daysIn(month: day.month, year: day.year) - day.day + 1)
            skip(toSecond: Int64(next.daysSinceEpoch) * 86_400)
            return
        }
        guard dayMatcher.matches(day) else {
            skip(toSecondOfDayAfter: 86_400)
            return
        }
        if !rule.byHour.isEmpty, !rule.byHour.contains(period.hour) {
            skip(toSecondOfDayAfter: (period.hour + 1) * 3600)
            return
        }
        if rule.frequency < .hourly, !rule.byMinute.isEmpty, !rule.byMinute.contains(period.minute) {
            skip(toSecondOfDayAfter: period.hour * 3600 + (period.minute + 1) * 60)
            return
        }
        switch rule.frequency {
        case .hourly:
            for minute in minutes {
                for second in seconds {
                    buffer.append(CivilDateTime(date: day, hour: period.hour, minute: minute, second: second))
                }
            }
        case .minutely:
            for second in seconds {
                buffer.append(CivilDateTime(date: day, hour: period.hour, minute: period.minute, second: second))
            }
        default:
            if seconds.isEmpty || seconds.contains(period.second) { buffer.append(period) }
        }
        // At most 3,660 times (an hour's minutes and seconds), so they are counted once made.
        steps += buffer.count
        applySetPositions()
        advance()
    }

    /// Moves to the first period at or after `secondOfDay` of the current day (86,400 = next midnight).
    private mutating func skip(toSecondOfDayAfter secondOfDay: Int) {
        skip(toSecond: Int64(period.date.daysSinceEpoch) * 86_400 + Int64(secondOfDay))
    }

    /// Moves to the first period at or after `target` (seconds since 1970 of the wall clock).
    private mutating func skip(toSecond target: Int64) {
        guard let step = fixedStep else {
            periodsEnded = true
            return
        }
        let distance = target - period.secondsSinceEpoch
        // Rounded up without `distance + step - 1`, which a step near the largest number overflows.
        let periods = Swift.max(1, Int(distance / step) + (distance % step > 0 ? 1 : 0))
        advance(periods: periods)
    }

    private mutating func applySetPositions() {
        guard !rule.bySetPosition.isEmpty, !buffer.isEmpty else { return }
        var chosen = Set<Int>()
        for position in rule.bySetPosition {
            let index = position > 0 ? position - 1 : buffer.count + position
            if index >= 0, index < buffer.count { chosen.insert(index) }
        }
        buffer = chosen.sorted().map { buffer[$0] }
    }

    /// The days of the current period before the day-level limits apply.
    private func candidateDays() -> [LocalDate] {
        let date = period.date
        switch rule.frequency {
        case .yearly:
            if !rule.byWeekNumber.isEmpty { return weekNumberDays(of: date.year) }
            if !byMonth.isEmpty, rule.byYearDay.isEmpty {
                return byMonth.sorted().flatMap { LocalDate.days(ofMonth: $0, in: date.year) }
            }
            let first = date.daysSinceEpoch
            return (0..<LocalDate.daysIn(year: date.year)).map { LocalDate(daysSinceEpoch: first + $0) }
        case .monthly:
            if !byMonth.isEmpty, !byMonth.contains(date.month) { return [] }
            return LocalDate.days(ofMonth: date.month, in: date.year)
        case .weekly:
            return (0..<7).map { date.adding(days: $0) }
        default:
            return [date]
        }
    }

    /// The days of the weeks BYWEEKNO names in `year`, numbered from the week with Jan 4th on WKST.
    private func weekNumberDays(of year: Int) -> [LocalDate] {
        let firstWeek = Self.firstWeekStart(of: year, weekStart: rule.weekStart)
        let weeks = (Self.firstWeekStart(of: year + 1, weekStart: rule.weekStart) - firstWeek) / 7
        var days: [LocalDate] = []
        // A week named twice (as 1 and as -52 in a year of 52 weeks) gives its days once.
        for number in Set(rule.byWeekNumber.map { $0 > 0 ? $0 : weeks + 1 + $0 }).sorted()
        where number >= 1 && number <= weeks {
            let weekStart = firstWeek + (number - 1) * 7
            days.append(contentsOf: (0..<7).map { LocalDate(daysSinceEpoch: weekStart + $0) })
        }
        return days
    }

    private static func weekNumberingYear(of date: LocalDate, weekStart: Int) -> Int {
        let day = date.daysSinceEpoch
        if day >= firstWeekStart(of: date.year + 1, weekStart: weekStart) { return date.year + 1 }
        if day < firstWeekStart(of: date.year, weekStart: weekStart) { return date.year - 1 }
        return date.year
    }

    private static func firstWeekStart(of year: Int, weekStart: Int) -> Int {
        let fourth = LocalDate(firstDayOf: 1, in: year).adding(days: 3)
        return fourth.daysSinceEpoch - (fourth.isoWeekday - weekStart + 7) % 7
    }
}
