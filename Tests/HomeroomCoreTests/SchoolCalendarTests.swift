import CivilDates
import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@Suite struct SchoolCalendarTests {
    let school = SchoolCalendar(timeZone: TimeZone(identifier: "America/New_York")!)

    @Test func localDateFollowsTheSchoolsZoneNotUTC() {
        // 03:30 UTC on Nov 24 is still Nov 23 in New York.
        #expect(school.localDate(at: TestClock.instant("2026-11-24T03:30:00Z")).iso == "2026-11-23")
        #expect(school.localDate(at: TestClock.instant("2026-11-24T05:00:00Z")).iso == "2026-11-24")
        // The cached day must not leak into the next lookup.
        #expect(school.localDate(at: TestClock.instant("2026-11-23T04:59:59Z")).iso == "2026-11-22")
    }

    @Test func daysAroundDSTChangesHaveTheRightLength() {
        let spring = LocalDate(iso: "2026-03-08")!
        let fall = LocalDate(iso: "2026-11-01")!
        #expect(school.startOfDay(spring.adding(days: 1)).timeIntervalSince(school.startOfDay(spring)) == 23 * 3600)
        #expect(school.startOfDay(fall.adding(days: 1)).timeIntervalSince(school.startOfDay(fall)) == 25 * 3600)
        #expect(school.localDate(at: TestClock.instant("2026-03-09T03:59:00Z")).iso == "2026-03-08")
        #expect(school.localDate(at: TestClock.instant("2026-11-02T04:59:00Z")).iso == "2026-11-01")
    }

    @Test func localTimesInAndAroundTheGap() {
        let spring = LocalDate(iso: "2026-03-08")!
        // 02:30 does not exist that night; the instant moves past the gap.
        let inGap = school.instant(on: spring, hour: 2, minute: 30)
        #expect(school.clockTime(at: inGap) >= "03:00")
        #expect(school.clockTime(at: school.instant(on: spring, hour: 10, minute: 30)) == "10:30")
        // 01:30 occurs twice on Nov 1: the first one (EDT, UTC-4) counts.
        let twice = school.instant(on: LocalDate(iso: "2026-11-01")!, hour: 1, minute: 30)
        #expect(twice == TestClock.instant("2026-11-01T05:30:00Z"))
    }

    @Test func schoolDays() {
        #expect(school.isSchoolDay(LocalDate(iso: "2026-11-23")!))
        #expect(!school.isSchoolDay(LocalDate(iso: "2026-11-21")!))
        #expect(school.schoolDay(onOrAfter: LocalDate(iso: "2026-11-21")!).iso == "2026-11-23")
    }
}
