import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Synchronization
import Testing

/// The roster of an instance alone on its database, on the test clock.
struct SoleInstanceRosterTests {
    /// How many times the work started, and whether it is running.
    final class Starts: Sendable {
        private let state = Mutex((count: 0, running: false))
        func begin() { state.withLock { $0 = ($0.count + 1, true) } }
        func end() { state.withLock { $0.running = false } }
        var count: Int { state.withLock { $0.count } }
        var running: Bool { state.withLock { $0.running } }
    }

    @Test func workThatStopsIsDoneAgainOnePauseLaterOnTheClock() async throws {
        struct Broken: Error {}
        try await TestBot.with { bot in
            let roster = SoleInstanceRoster(
                database: bot.runtime.database, clock: bot.clock, instanceID: "only", logger: TestBot.testLogger())
            let duty = Duty.delivery("irc")
            let starts = Starts()
            let task = Task {
                await roster.perform(duty) { hold in
                    #expect(hold.token == 0 && hold.isHeld)
                    starts.begin()
                    starts.end()
                    throw Broken()
                }
            }
            try await eventually("the work failed once and the roster pauses") {
                starts.count == 1 && bot.clock.sleeperCount == 1
            }
            #expect(roster.heldDuties == [duty: 0], "the duty stays held through the pause")
            // Short of the pause the roster still sleeps: the work cannot have started again.
            bot.clock.advance(by: SoleInstanceRoster.pause.timeInterval - 0.5)
            #expect(bot.clock.sleeperCount == 1)
            #expect(starts.count == 1)
            bot.clock.advance(by: 0.5)
            try await eventually("the work started again") { starts.count == 2 && bot.clock.sleeperCount == 1 }
            task.cancel()
            await task.value
            #expect(bot.clock.sleeperCount == 0, "a stop ends the pause")
            #expect(roster.heldDuties.isEmpty)
        }
    }

    @Test func workRunningWhenTheRosterStopsIsCancelledAndNotDoneAgain() async throws {
        try await TestBot.with { bot in
            let roster = SoleInstanceRoster(
                database: bot.runtime.database, clock: bot.clock, instanceID: "only", logger: TestBot.testLogger())
            let starts = Starts()
            let rosterRun = Task { await roster.run() }
            let task = Task {
                await roster.perform(.delivery("irc")) { _ in
                    starts.begin()
                    defer { starts.end() }
                    try await bot.clock.sleep(for: .seconds(3600))
                }
            }
            try await eventually("the work runs") { starts.running && bot.clock.sleeperCount == 1 }
            task.cancel()
            rosterRun.cancel()
            await task.value
            await rosterRun.value
            #expect(!starts.running)
            #expect(starts.count == 1)
            #expect(bot.clock.sleeperCount == 0)
        }
    }
}
