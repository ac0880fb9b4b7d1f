import CivilDates
import Foundation
import HomeroomCore
import Testing

@Suite struct LocalDateTests {
    @Test func weekdaysAgreeWithFoundationOverFourHundredYears() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: -40_000, through: 120_000, by: 37) {
            let parts = calendar.dateComponents([.weekday], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            #expect(LocalDate(daysSinceEpoch: day).weekday.rawValue == (parts.weekday! + 5) % 7 + 1)
        }
    }

    @Test func namesOfADay() throws {
        let endOfNovember = try #require(LocalDate(iso: "2026-11-30"))
        #expect(endOfNovember.weekday == .monday)
        #expect(endOfNovember.longName == "Monday, November 30")
        #expect(endOfNovember.shortName == "Mon Nov 30")
    }
}
