import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@Suite struct CronScheduleTests {
    let school = SchoolCalendar(timeZone: TimeZone(identifier: "America/New_York")!)

    @Test func weekdayMorningsSkipTheWeekend() throws {
        let schedule = try CronSchedule("30 10 * * 1-5")
        // Friday 11:00 → Monday 10:30.
        let next = schedule.nextFire(after: TestClock.instant("2026-11-20T11:00:00-05:00"), in: school)
        #expect(next == TestClock.instant("2026-11-23T10:30:00-05:00"))
        // Exactly at a fire time, the next one is the following day.
        let after = schedule.nextFire(after: TestClock.instant("2026-11-23T10:30:00-05:00"), in: school)
        #expect(after == TestClock.instant("2026-11-24T10:30:00-05:00"))
    }

    @Test func stepsListsAndRanges() throws {
        let schedule = try CronSchedule("*/15 8-9 * * *")
        let start = TestClock.instant("2026-11-23T08:50:00-05:00")
        #expect(schedule.nextFire(after: start, in: school) == TestClock.instant("2026-11-23T09:00:00-05:00"))
        let late = TestClock.instant("2026-11-23T09:45:00-05:00")
        #expect(schedule.nextFire(after: late, in: school) == TestClock.instant("2026-11-24T08:00:00-05:00"))
        let monthly = try CronSchedule("0 0 1 * *")
        #expect(monthly.nextFire(after: late, in: school) == TestClock.instant("2026-12-01T00:00:00-05:00"))
    }

    @Test func aTimeSkippedByDSTRunsAfterTheGapAndARepeatedTimeRunsOnce() throws {
        let nightly = try CronSchedule("30 2 * * *")
        let spring = nightly.nextFire(after: TestClock.instant("2026-03-08T00:00:00-05:00"), in: school)!
        #expect(spring == TestClock.instant("2026-03-08T03:00:00-04:00"))
        let early = try CronSchedule("30 1 * * *")
        let first = early.nextFire(after: TestClock.instant("2026-11-01T00:00:00-04:00"), in: school)!
        #expect(first == TestClock.instant("2026-11-01T01:30:00-04:00"))
        let second = early.nextFire(after: first, in: school)!
        #expect(second == TestClock.instant("2026-11-02T01:30:00-05:00"))
    }

    @Test(arguments: [
        "", "* * * *", "60 * * * *", "* 24 * * *", "* * 0 * *", "* * * 13 *", "* * * * 8", "*/0 * * * *", "a * * * *",
        "5-1 * * * *",
    ])
    func rejectsBadSchedules(text: String) {
        #expect(throws: CronSchedule.Invalid.self) { try CronSchedule(text) }
    }
}
