import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import ServiceLifecycle
import Synchronization
import Testing

/// The one connection supervisor (IRC networks, Matrix accounts, Slack Socket Mode) on a manual
/// clock: the backoff between attempts, the status board's words, the hold lost, graceful shutdown.
/// The real connections' tests (ngircd, Synapse, the Socket Mode fake) keep checking it end to end.
@Suite struct ConnectionSupervisorTests {
    static let start = TestClock.instant("2026-11-23T08:00:00-05:00")
    static let duty = Duty.connection("test", "school")

    // MARK: The backoff

    @Test func theBackoffDoublesFromTheFirstWaitUpToTheLongest() {
        var whole = Backoff(first: 2, maximum: 30, jitter: { 1 })
        #expect((0..<6).map { _ in whole.nextWait() } == [2, 4, 8, 16, 30, 30])
        var shortest = Backoff(first: 2, maximum: 30, jitter: { 0 })
        #expect((0..<6).map { _ in shortest.nextWait() } == [1, 2, 4, 8, 15, 15])
        var between = Backoff(first: 2, maximum: 30, jitter: { 0.5 })
        #expect(between.nextWait() == 1.5)
        var unjittered = Backoff(first: 2, maximum: 30, shortestShare: 1, jitter: { 0 })
        #expect(unjittered.nextWait() == 2)
    }

    @Test func aDrawOutsideZeroToOneIsHeldToIt() {
        var above = Backoff(first: 2, maximum: 30, jitter: { 7 })
        #expect(above.nextWait() == 2)
        var below = Backoff(first: 2, maximum: 30, jitter: { -3 })
        #expect(below.nextWait() == 1)
        var notANumber = Backoff(first: 2, maximum: 30, jitter: { .nan })
        #expect(notANumber.nextWait() == 2)
    }

    @Test func endlessFailuresStayAtTheLongestWait() {
        var backoff = Backoff(first: 1, maximum: 300, jitter: { 1 })
        for _ in 0..<10_000 { _ = backoff.nextWait() }
        #expect(backoff.nextWait() == 300)
        #expect(backoff.failures == 64)
    }

    @Test func aStableSessionStartsTheWaitsOver() {
        var backoff = Backoff(first: 1, maximum: 60, jitter: { 1 })
        #expect((0..<3).map { _ in backoff.nextWait() } == [1, 2, 4])
        backoff.sessionWasStable()
        #expect((0..<3).map { _ in backoff.nextWait() } == [1, 2, 4])

        var atOnce = Backoff(first: 1, maximum: 60, retriesAtOnceAfterStableSession: true, jitter: { 1 })
        #expect((0..<3).map { _ in atOnce.nextWait() } == [1, 2, 4])
        atOnce.sessionWasStable()
        #expect((0..<3).map { _ in atOnce.nextWait() } == [0, 1, 2])
    }

    // MARK: The supervisor

    @Test func failedAttemptsWaitTheDoublingBackoffOnTheClockAndSaySoOnTheBoard() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 4, jitter: { 1 })) { rig in
            var attempt = try await rig.nextAttempt()
            #expect(rig.status?.state == .starting)
            #expect(rig.status?.detail == "connecting to school.example")
            for wait in [1.0, 2, 4, 4] {
                let began = rig.clock.now
                rig.sessions.end(.ended(reason: "cannot connect: refused"))
                try await rig.untilWaiting()
                #expect(rig.status?.state == .down)
                #expect(rig.status?.detail == "cannot connect: refused; reconnecting in \(Int(wait)) s")
                #expect(rig.status?.since == began)
                // Not a moment early.
                rig.clock.advance(by: wait - 0.001)
                #expect(rig.clock.sleeperCount == 1)
                #expect(rig.sessions.startCount == attempt)
                rig.clock.advance(by: 0.001)
                attempt = try await rig.nextAttempt()
                #expect(rig.clock.now == began.addingTimeInterval(wait))
            }
            #expect(rig.logs.entries.map(\.message).contains("school: cannot connect: refused; reconnecting in 4.0 s"))
        }
    }

    @Test func aSessionUpLongEnoughStartsTheWaitsOverAndAShorterOneDoesNot() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 64, jitter: { 1 }), stableAfter: 120) { rig in
            _ = try await rig.nextAttempt()
            try await rig.fail(expectingWait: 1)
            try await rig.fail(expectingWait: 2)
            // Up, but for less than the stable time: the waits go on doubling.
            rig.sessions.cameUp()
            rig.clock.advance(by: 119)
            try await rig.fail(expectingWait: 4)
            // Up for the stable time: they start over.
            rig.sessions.cameUp()
            rig.clock.advance(by: 120)
            try await rig.fail(expectingWait: 1)
            // A session that never came up is not stable, however long it took.
            rig.clock.advance(by: 500)
            try await rig.fail(expectingWait: 2)
        }
    }

    @Test func aWaitTheServerNamesReplacesTheBackoffAndAStartOverGoesAtOnce() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 64, jitter: { 1 }), retryWord: "retrying") { rig in
            _ = try await rig.nextAttempt()
            rig.sessions.end(.ended(reason: "rate limited", wait: 30))
            try await rig.untilWaiting()
            #expect(rig.status?.detail == "rate limited; retrying in 30 s")
            rig.clock.advance(by: 30)
            let attempt = try await rig.nextAttempt()
            let now = rig.clock.now
            rig.sessions.end(.startOver)
            #expect(try await rig.nextAttempt() == attempt + 1)
            #expect(rig.clock.now == now)
            #expect(rig.status?.state == .starting)
        }
    }

    @Test func itStandsByUntilTheDutyIsHeldAndAgainWhenTheHoldIsLost() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 4), grantedAtOnce: false) { rig in
            try await eventually("a status on the board") { rig.status != nil }
            #expect(rig.status?.state == .standby)
            #expect(rig.status?.detail == "held by another instance")
            #expect(rig.sessions.startCount == 0)
            rig.roster.grant()
            _ = try await rig.nextAttempt()
            try await eventually("the work beside runs") { rig.beside.running }
            rig.roster.loseHold()
            try await eventually("the status standby") { rig.status?.state == .standby }
            #expect(rig.status?.detail == "held by another instance")
            #expect(rig.sessions.cancelledCount == 1, "the session was cancelled, not ended by itself")
            #expect(!rig.beside.running, "the work beside the session stopped with it")
            #expect(rig.sessions.startCount == 1)
            #expect(rig.clock.sleeperCount == 0, "no attempt is planned")
            // Taken back later, it connects again.
            rig.roster.grant()
            #expect(try await rig.nextAttempt() == 2)
        }
    }

    @Test func gracefulShutdownEndsAWaitAtOnce() async throws {
        try await Rig.with(backoff: Backoff(first: 60, maximum: 60), shutdownGrace: 30) { rig in
            _ = try await rig.nextAttempt()
            rig.sessions.end(.ended(reason: "cannot connect: refused"))
            try await rig.untilWaiting()
            await rig.shutDown()
            #expect(rig.status?.state == .down)
            #expect(rig.status?.detail == "stopped")
            #expect(rig.sessions.startCount == 1)
        }
    }

    @Test func gracefulShutdownLetsARunningSessionEndByItself() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 4), shutdownGrace: 30, sessionsHeedShutdown: true) {
            rig in
            _ = try await rig.nextAttempt()
            await rig.shutDown()
            #expect(rig.sessions.saidGoodbye == 1)
            #expect(rig.sessions.cancelledCount == 0)
            #expect(rig.status?.detail == "stopped")
            #expect(rig.logs.entries.map(\.message).contains("school: said goodbye"))
        }
    }

    @Test func gracefulShutdownCancelsASessionThatOutstaysItsGrace() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 4), shutdownGrace: 30) { rig in
            _ = try await rig.nextAttempt()
            let stopping = Task { await rig.shutDown() }
            // The grace runs on the clock: the session goes on until it is over.
            try await rig.untilWaiting()
            rig.clock.advance(by: 29.999)
            #expect(rig.clock.sleeperCount == 1)
            #expect(rig.sessions.cancelledCount == 0)
            rig.clock.advance(by: 0.001)
            await stopping.value
            #expect(rig.sessions.cancelledCount == 1)
            #expect(rig.status?.detail == "stopped")
        }
    }

    @Test func gracefulShutdownWhileStandingByDoesNotWaitTheGrace() async throws {
        try await Rig.with(backoff: Backoff(first: 1, maximum: 4), shutdownGrace: 30, grantedAtOnce: false) { rig in
            try await eventually("a status on the board") { rig.status != nil }
            await rig.shutDown()
            #expect(rig.status?.state == .standby)
            #expect(rig.sessions.startCount == 0)
        }
    }
}

extension ConnectionSupervisorTests {
    /// A supervisor running in a `ServiceGroup` on a ``TestClock``, with scripted sessions and a
    /// roster whose hold the test grants and takes away.
    struct Rig {
        let clock = TestClock(now: ConnectionSupervisorTests.start)
        let board = AdapterStatusBoard()
        let roster: HandOverRoster
        let sessions: ScriptedSessions
        let beside = BesideWork()
        let logs = LogRecorder()
        let group: ServiceGroup
        private let attemptsSeen = AttemptsSeen()

        /// The connection's status on the board.
        var status: AdapterStatus? { board.snapshot["test/school"] }

        static func with(
            backoff: Backoff, stableAfter: TimeInterval = 60, shutdownGrace: TimeInterval = 0,
            retryWord: String = "reconnecting", grantedAtOnce: Bool = true, sessionsHeedShutdown: Bool = false,
            _ body: (Rig) async throws -> Void
        ) async throws {
            try await TemporaryDatabase.with(.sqlite) { database in
                let rig = Rig(
                    database: database, backoff: backoff, stableAfter: stableAfter, shutdownGrace: shutdownGrace,
                    retryWord: retryWord, grantedAtOnce: grantedAtOnce, sessionsHeedShutdown: sessionsHeedShutdown)
                try await withThrowingTaskGroup(of: Void.self) { tasks in
                    tasks.addTask { try await rig.group.run() }
                    do {
                        try await body(rig)
                    } catch {
                        await rig.shutDown()
                        throw error
                    }
                    await rig.shutDown()
                    try await tasks.waitForAll()
                }
            }
        }

        private init(
            database: any Database, backoff: Backoff, stableAfter: TimeInterval, shutdownGrace: TimeInterval,
            retryWord: String, grantedAtOnce: Bool, sessionsHeedShutdown: Bool
        ) {
            roster = HandOverRoster(database: database, grantedAtOnce: grantedAtOnce)
            sessions = ScriptedSessions(heedsShutdown: sessionsHeedShutdown)
            let supervisor = ConnectionSupervisor(
                duty: ConnectionSupervisorTests.duty, statusName: "test/school",
                startingDetail: "connecting to school.example", retryWord: retryWord, stableAfter: stableAfter,
                shutdownGrace: shutdownGrace, backoff: backoff, roster: roster, status: board, clock: clock,
                logger: logs.logger(), logPrefix: "school: ")
            let service = SupervisedService(
                supervisor: supervisor, sessions: sessions, beside: beside, roster: roster)
            group = ServiceGroup(configuration: .init(services: [service], logger: logs.logger()))
        }

        /// Waits for the next session to start; its number (1 for the first).
        func nextAttempt() async throws -> Int {
            let next = attemptsSeen.count.withLock { $0 } + 1
            try await eventually("session \(next) starts") { sessions.startCount >= next }
            attemptsSeen.count.withLock { $0 = next }
            return next
        }

        /// Ends the running session with a failure and checks the wait that follows.
        func fail(expectingWait wait: TimeInterval) async throws {
            let attempt = sessions.startCount
            sessions.end(.ended(reason: "refused"))
            try await untilWaiting()
            #expect(status?.detail == "refused; reconnecting in \(Int(wait)) s")
            clock.advance(by: wait)
            #expect(try await nextAttempt() == attempt + 1)
        }

        /// Returns once something sleeps on the clock.
        func untilWaiting(fileID: String = #fileID, line: Int = #line) async throws {
            try await eventually("something sleeps on the clock", fileID: fileID, line: line) {
                clock.sleeperCount > 0
            }
        }

        /// Shuts the service group down gracefully, as `homeroom serve` does on SIGTERM, and waits
        /// for the supervisor to return.
        func shutDown() async {
            await group.triggerGracefulShutdown()
            await roster.stopped()
        }
    }

    /// How many sessions the test saw start.
    final class AttemptsSeen: Sendable {
        let count = Mutex(0)
    }

    /// The supervisor as a service, with the scripted sessions; it tells the roster when it returned.
    struct SupervisedService: Service {
        let supervisor: ConnectionSupervisor
        let sessions: ScriptedSessions
        let beside: BesideWork
        let roster: HandOverRoster

        func run() async throws {
            await supervisor.run(beside: { _ in await beside.run() }, session: { await sessions.run($0) })
            roster.markStopped()
        }
    }

    /// Sessions that start when the supervisor asks and end when the test says; with
    /// `heedsShutdown`, a session ends by itself on graceful shutdown (it "says goodbye").
    final class ScriptedSessions: Sendable {
        private struct State {
            var started = 0
            var cancelled = 0
            var goodbyes = 0
            var current: ConnectionAttempt?
        }

        let heedsShutdown: Bool
        private let ends: AsyncStream<ConnectionEnd>
        private let ending: AsyncStream<ConnectionEnd>.Continuation
        private let state = Mutex(State())

        init(heedsShutdown: Bool) {
            self.heedsShutdown = heedsShutdown
            (ends, ending) = AsyncStream.makeStream()
        }

        var startCount: Int { state.withLock { $0.started } }
        var cancelledCount: Int { state.withLock { $0.cancelled } }
        var saidGoodbye: Int { state.withLock { $0.goodbyes } }

        /// Ends the running session with `end`.
        func end(_ end: ConnectionEnd) { ending.yield(end) }

        /// The running session's connection is up.
        func cameUp() { state.withLock { $0.current }?.cameUp() }

        func run(_ attempt: ConnectionAttempt) async -> ConnectionEnd {
            state.withLock { state in
                state.started += 1
                state.current = attempt
            }
            if heedsShutdown {
                guard (try? await gracefulShutdown()) != nil else { return cancelled() }
                state.withLock { $0.goodbyes += 1 }
                return .ended(reason: "said goodbye")
            }
            for await end in ends { return end }
            return cancelled()
        }

        private func cancelled() -> ConnectionEnd {
            state.withLock { $0.cancelled += 1 }
            return .ended(reason: "cancelled")
        }
    }

    /// Work run beside the sessions under the same hold (an outbox delivery), until cancelled.
    final class BesideWork: Sendable {
        private let isRunning = Mutex(false)
        private let never = AsyncStream.makeStream(of: Void.self)

        var running: Bool { isRunning.withLock { $0 } }

        func run() async {
            isRunning.withLock { $0 = true }
            for await _ in never.stream {}
            isRunning.withLock { $0 = false }
        }
    }

    /// A roster of one instance whose hold the test grants and takes away, as a `LeaseRoster`'s
    /// lease passes to another instance: the hold reads as lost at once and the work is cancelled.
    final class HandOverRoster: DutyRoster {
        let instanceID = "here"
        private let database: any Database
        private let isHeld = Mutex(false)
        private let grants = AsyncStream.makeStream(of: Void.self)
        private let losses = AsyncStream.makeStream(of: Void.self)
        private let stops = AsyncStream.makeStream(of: Void.self)
        private let hasStopped = Mutex(false)

        init(database: any Database, grantedAtOnce: Bool) {
            self.database = database
            if grantedAtOnce { grant() }
        }

        func grant() { grants.continuation.yield() }
        func loseHold() {
            isHeld.withLock { $0 = false }
            losses.continuation.yield()
        }

        /// The supervisor returned.
        func markStopped() {
            hasStopped.withLock { $0 = true }
            stops.continuation.yield()
        }

        /// Returns once the supervisor returned.
        func stopped() async {
            guard !hasStopped.withLock({ $0 }) else { return }
            for await _ in stops.stream { return }
        }

        func perform(_ duty: Duty, _ work: @escaping @Sendable (DutyHold) async throws -> Void) async {
            for await _ in grants.stream {
                isHeld.withLock { $0 = true }
                let hold = DutyHold(duty: duty, token: 1, database: database) { self.isHeld.withLock { $0 } }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await work(hold) }
                    group.addTask { [losses] in for await _ in losses.stream { return } }
                    await group.next()
                    group.cancelAll()
                }
            }
        }

        var heldDuties: [Duty: Int64] { isHeld.withLock { $0 } ? [ConnectionSupervisorTests.duty: 1] : [:] }

        func run() async {}
    }
}
