import Foundation
import HomeroomCore
import Testing

@Suite struct LocalDateTests {
    @Test func dayNumbersAgreeWithFoundationOverFourHundredYears() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for dayNumber in stride(from: -40_000, through: 120_000, by: 37) {
            let date = LocalDate(dayNumber: dayNumber)
            let parts = calendar.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
            #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day])
            #expect(date.dayNumber == dayNumber)
            #expect(date.weekday.rawValue == (parts.weekday! + 5) % 7 + 1)
        }
    }

    @Test func isoRoundTripAndInvalidDates() {
        #expect(LocalDate(iso: "2026-12-03")?.iso == "2026-12-03")
        #expect(LocalDate(iso: "2028-02-29") != nil)
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026/01/01", "", "2026-01-32"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test func monthEndsAndWeeks() throws {
        let endOfNovember = try #require(LocalDate(iso: "2026-11-30"))
        #expect(endOfNovember.adding(days: 1).iso == "2026-12-01")
        #expect(try #require(LocalDate(iso: "2026-12-31")).adding(days: 1).iso == "2027-01-01")
        #expect(endOfNovember.weekday == .monday)
        #expect(try #require(LocalDate(iso: "2026-11-22")).mondayOfWeek.iso == "2026-11-16")
        #expect(endOfNovember.longName == "Monday, November 30")
        #expect(endOfNovember.shortName == "Mon Nov 30")
    }
}
