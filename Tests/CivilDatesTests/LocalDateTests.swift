import CivilDates
import Foundation
import Testing

@Suite struct LocalDateTests {
    @Test func daysSinceEpochAgreeWithFoundationOverFourHundredYears() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -40_000, through: 120_000, by: 37) {
            let date = LocalDate(daysSinceEpoch: days)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .weekday, .dayOfYear], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day])
            #expect(date.daysSinceEpoch == days)
            #expect(date.isoWeekday == (parts.weekday! + 5) % 7 + 1)
            #expect(date.dayOfYear == parts.dayOfYear)
        }
    }

    /// Before year 1 and after 9999 the arithmetic stays exact: the proleptic Gregorian calendar has a
    /// year 0, and 146,097 days are 400 years in every era.
    @Test func dayArithmeticWorksOutsideFourDigitYears() {
        let lastDay = LocalDate.latest
        #expect(lastDay.adding(days: 1).iso == "10000-01-01")
        #expect(LocalDate.earliest.adding(days: -1).iso == "0000-12-31")
        #expect(LocalDate.earliest.adding(days: -366 - 1).iso == "-0001-12-31")
        let far = LocalDate(daysSinceEpoch: -1_000_000)
        #expect(far.adding(days: 146_097).year == far.year + 400)
        #expect(LocalDate(firstDayOf: 1, in: 10_000).daysSinceEpoch == lastDay.daysSinceEpoch + 1)
        #expect(LocalDate(firstDayOf: 3, in: 0).adding(days: -1).day == 29)
    }

    /// Month lengths and leap years against Foundation, February of century years included.
    @Test(arguments: [1583, 1600, 1700, 1900, 1970, 1999, 2000, 2024, 2100, 2400, 9999])
    func monthLengthsAndLeapYearsAgreeWithFoundation(year: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = try #require(calendar.date(from: DateComponents(year: year, month: 1, day: 1)))
        #expect(LocalDate.daysIn(year: year) == calendar.range(of: .day, in: .year, for: first)?.count)
        #expect(LocalDate.isLeap(year) == (LocalDate.daysIn(year: year) == 366))
        for month in 1...12 {
            let day = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
            let length = try #require(calendar.range(of: .day, in: .month, for: day)?.count)
            #expect(LocalDate.daysIn(month: month, year: year) == length, "\(year)-\(month)")
            #expect(LocalDate(year: year, month: month, day: length) != nil)
            #expect(LocalDate(year: year, month: month, day: length + 1) == nil, "\(year)-\(month)-\(length + 1)")
        }
    }

    @Test func partsThatNameNoDayAreRefused() {
        for (year, month, day) in [(2026, 2, 29), (2026, 13, 1), (2026, 0, 10), (2026, 1, 0), (2026, 1, 32)] {
            #expect(LocalDate(year: year, month: month, day: day) == nil, "\(year)-\(month)-\(day)")
        }
        for year in [0, -1, 10_000, Int.max, Int.min] {
            #expect(LocalDate(year: year, month: 1, day: 1) == nil, "year \(year)")
        }
        #expect(LocalDate(year: 2028, month: 2, day: 29)?.iso == "2028-02-29")
        #expect(LocalDate.days(ofMonth: 13, in: 2026).isEmpty && LocalDate.days(ofMonth: 0, in: 2026).isEmpty)
        #expect(LocalDate.days(ofMonth: 2, in: 2028).map(\.day) == Array(1...29))
    }

    @Test func isoRoundTripAndInvalidDates() {
        #expect(LocalDate(iso: "2026-12-03")?.iso == "2026-12-03")
        #expect(LocalDate(iso: "0001-01-01") == LocalDate.earliest)
        #expect(LocalDate(iso: "2028-02-29") != nil)
        for bad in [
            "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026/01/01", "", "2026-01-32",
            "0000-01-01",
        ] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func monthEndsWeeksAndOrder() throws {
        let endOfNovember = try #require(LocalDate(iso: "2026-11-30"))
        #expect(endOfNovember.adding(days: 1).iso == "2026-12-01")
        #expect(try #require(LocalDate(iso: "2026-12-31")).adding(days: 1).iso == "2027-01-01")
        #expect(endOfNovember.isoWeekday == 1)
        #expect(try #require(LocalDate(iso: "2026-11-22")).mondayOfWeek.iso == "2026-11-16")
        #expect(endOfNovember.days(until: try #require(LocalDate(iso: "2027-01-01"))) == 32)
        #expect(endOfNovember < endOfNovember.adding(days: 1))
        #expect(LocalDate(firstDayOf: 12, in: 2025) < LocalDate(firstDayOf: 1, in: 2026))
        #expect(LocalDate(year: 2026, month: 12, day: 31)?.dayOfYear == 365)
    }
}
