import Foundation
import HomeroomTesting
import Testing

@Suite struct TestClockTests {
    @Test func sleepersWakeWhenTheClockPassesTheirDeadline() async throws {
        let clock = TestClock("2026-11-23T08:00:00-05:00")
        let woke = Task { try await clock.sleep(until: TestClock.instant("2026-11-23T08:10:00-05:00")) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 5 * 60)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 5 * 60)
        try await woke.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == TestClock.instant("2026-11-23T13:10:00Z"))
    }

    @Test func aDeadlineInThePastReturnsAtOnceAndCancellationThrows() async throws {
        let clock = TestClock("2026-11-23T08:00:00-05:00")
        try await clock.sleep(until: TestClock.instant("2026-11-23T07:00:00-05:00"))
        let sleeper = Task { try await clock.sleep(until: TestClock.instant("2026-11-24T00:00:00Z")) }
        while clock.sleeperCount == 0 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleepForADurationCountsTheClocksRunningNotItsDate() async throws {
        let clock = TestClock("2026-11-23T08:00:00-05:00")
        let woke = Task { try await clock.sleep(for: .seconds(60)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        // Setting the date back an hour neither wakes the sleeper nor adds an hour to its sleep.
        clock.set(to: TestClock.instant("2026-11-23T07:00:00-05:00"))
        #expect(clock.uptime == .zero)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 59)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 1)
        try await woke.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.uptime == .seconds(60))
    }
}
