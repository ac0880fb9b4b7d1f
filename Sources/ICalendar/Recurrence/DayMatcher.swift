import CivilDates

/// The day-level limits of a rule (BYMONTH, BYYEARDAY, BYMONTHDAY, BYDAY) as tables built once per
/// expansion, so that whether a day matches costs the same small amount however long the rule's
/// lists are: an expansion step is then a bounded piece of work, as the step budget assumes.
struct DayMatcher {
    /// Bit `m` for each month BYMONTH names; nil when it names none (every month).
    private let months: UInt16?
    /// Whether each day of the year matches BYYEARDAY, at `dayOfYear + 366` (−366…366); nil for every day.
    private let yearDays: [Bool]?
    /// Whether each day of the month matches BYMONTHDAY, at `day + 31` (−31…31); nil for every day.
    private let monthDays: [Bool]?
    /// Bit `w` for each ISO weekday BYDAY names with any ordinal; nil when BYDAY is empty.
    private let weekdays: UInt8?
    /// With ordinals: bit `w` for each weekday BYDAY names without one (every such weekday).
    private let everyWeekdays: UInt8
    /// With ordinals: whether the `n`th weekday `w` is named, at `(w − 1) × 107 + n + 53` (n in −53…53).
    private let ordinalWeekdays: [Bool]?
    /// Whether BYDAY ordinals count within the month (else within the year).
    private let ordinalsWithinMonth: Bool

    init(
        byMonth: [Int], byYearDay: [Int], byMonthDay: [Int], byDay: [RecurrenceRule.WeekdayNumber],
        usesOrdinals: Bool, ordinalsWithinMonth: Bool
    ) {
        months = byMonth.isEmpty ? nil : byMonth.reduce(0) { $0 | 1 << $1 }
        yearDays = Self.table(byYearDay, bound: 366)
        monthDays = Self.table(byMonthDay, bound: 31)
        weekdays = byDay.isEmpty ? nil : byDay.reduce(0) { $0 | 1 << $1.weekday }
        everyWeekdays = byDay.filter { $0.ordinal == 0 }.reduce(0) { $0 | 1 << $1.weekday }
        if usesOrdinals {
            var table = [Bool](repeating: false, count: 7 * 107)
            for entry in byDay where entry.ordinal != 0 && abs(entry.ordinal) <= 53 && (1...7).contains(entry.weekday) {
                table[(entry.weekday - 1) * 107 + entry.ordinal + 53] = true
            }
            ordinalWeekdays = table
        } else {
            ordinalWeekdays = nil
        }
        self.ordinalsWithinMonth = ordinalsWithinMonth
    }

    /// A table of which numbers in −bound…bound the list names, at `number + bound`; nil for an empty list.
    private static func table(_ numbers: [Int], bound: Int) -> [Bool]? {
        guard !numbers.isEmpty else { return nil }
        var table = [Bool](repeating: false, count: 2 * bound + 1)
        for number in numbers where (-bound...bound).contains(number) { table[number + bound] = true }
        return table
    }

    /// Whether BYMONTH allows the month (every month when it names none).
    func allows(month: Int) -> Bool { months.map { $0 & 1 << month != 0 } ?? true }

    /// Whether the day passes every day-level limit.
    func matches(_ day: LocalDate) -> Bool {
        guard allows(month: day.month) else { return false }
        if let yearDays {
            let dayOfYear = day.dayOfYear
            let fromEnd = dayOfYear - LocalDate.daysIn(year: day.year) - 1
            guard yearDays[dayOfYear + 366] || yearDays[fromEnd + 366] else { return false }
        }
        if let monthDays {
            let fromEnd = day.day - LocalDate.daysIn(month: day.month, year: day.year) - 1
            guard monthDays[day.day + 31] || monthDays[fromEnd + 31] else { return false }
        }
        guard let weekdays else { return true }
        let weekday = day.isoWeekday
        guard let ordinalWeekdays else { return weekdays & 1 << weekday != 0 }
        if everyWeekdays & 1 << weekday != 0 { return true }
        let (first, last) = ordinalScope(of: day)
        let index = day.daysSinceEpoch
        let fromStart = (index - first) / 7 + 1
        let fromEnd = -((last - index) / 7 + 1)
        let row = (weekday - 1) * 107 + 53
        return ordinalWeekdays[row + fromStart] || ordinalWeekdays[row + fromEnd]
    }

    /// The first and last day (days since epoch) that BYDAY ordinals count within.
    private func ordinalScope(of day: LocalDate) -> (Int, Int) {
        if ordinalsWithinMonth {
            let first = day.daysSinceEpoch - day.day + 1
            return (first, first + LocalDate.daysIn(month: day.month, year: day.year) - 1)
        }
        let first = day.daysSinceEpoch - day.dayOfYear + 1
        return (first, first + LocalDate.daysIn(year: day.year) - 1)
    }
}
