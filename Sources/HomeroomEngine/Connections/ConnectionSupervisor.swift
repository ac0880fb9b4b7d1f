import Foundation
import HomeroomCore
import Logging
import ServiceLifecycle
import Synchronization

/// Keeps one platform connection up (an IRC network, a Matrix account, Slack's Socket Mode) while
/// this instance holds its duty, until graceful shutdown or cancellation.
///
/// While another instance holds the duty, the status board says ``heldElsewhere`` (`.standby`).
/// Under each hold, the supervisor runs the platform's session, one attempt after the other:
/// `.starting` with ``startingDetail``, then the session, which reports `.up` in its own words and
/// calls ``ConnectionAttempt/cameUp()``. When a session ends while the hold lasts, the status
/// board and the log say why and how long until the next attempt (`cannot connect: refused;
/// reconnecting in 2 s`); the wait is the ``Backoff``'s, started over after a session that stayed
/// up ``stableAfter`` seconds. Time is the injected clock's.
///
/// Graceful shutdown ends the wait at once; a running session, which sees the shutdown itself
/// (it says goodbye, sends what waits), has ``shutdownGrace`` seconds to end before it is
/// cancelled. The status board then says `stopped` (`.down`). When the hold is lost, the session
/// is cancelled and the status board says ``heldElsewhere`` again.
package struct ConnectionSupervisor: Sendable {
    /// What the status board says while another instance holds the connection.
    package static let heldElsewhere = "held by another instance"

    /// The duty held while connected.
    package let duty: Duty
    /// The status board's name for the connection (`irc/libera`).
    package let statusName: String
    /// What the status board says while an attempt starts (`connecting to irc.libera.chat:6697`).
    package let startingDetail: String
    /// The word the status board and the log use for the next attempt: `reconnecting`, `retrying`.
    package let retryWord: String
    /// How long a connection stays up for its session to count as stable, so that the backoff starts over.
    package let stableAfter: TimeInterval
    /// How long a running session has after graceful shutdown to end by itself before it is cancelled.
    package let shutdownGrace: TimeInterval
    /// The waits between attempts.
    package let backoff: Backoff
    /// Who holds which duty.
    package let roster: any DutyRoster
    /// Where the connection's state is shown.
    package let status: AdapterStatusBoard
    /// The clock of the waits, of the status board's instants and of a session's stability.
    package let clock: any HomeroomClock
    /// The log of the attempts.
    package let logger: Logger
    /// What the connection's log lines begin with (`libera: `).
    package let logPrefix: String

    /// A supervisor of the connection that `duty` names, shown as `statusName`.
    package init(
        duty: Duty, statusName: String, startingDetail: String, retryWord: String = "reconnecting",
        stableAfter: TimeInterval, shutdownGrace: TimeInterval, backoff: Backoff, roster: any DutyRoster,
        status: AdapterStatusBoard, clock: any HomeroomClock, logger: Logger, logPrefix: String
    ) {
        self.duty = duty
        self.statusName = statusName
        self.startingDetail = startingDetail
        self.retryWord = retryWord
        self.stableAfter = stableAfter
        self.shutdownGrace = shutdownGrace
        self.backoff = backoff
        self.roster = roster
        self.status = status
        self.clock = clock
        self.logger = logger
        self.logPrefix = logPrefix
    }

    /// Stands by until this instance holds the duty, then runs `session` attempt after attempt
    /// under each hold, with `beside` (an outbox delivery under the same hold) running alongside,
    /// until graceful shutdown or cancellation.
    package func run(
        beside: @escaping @Sendable (DutyHold) async -> Void = { _ in },
        session: @escaping @Sendable (ConnectionAttempt) async -> ConnectionEnd
    ) async {
        status.report(statusName, .standby, detail: Self.heldElsewhere, at: clock.now)
        let watch = HoldWatch()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await roster.perform(duty) { hold in
                    watch.set(working: true)
                    defer { watch.set(working: false) }
                    await supervise(under: hold, beside: beside, session: session)
                }
            }
            group.addTask {
                guard (try? await gracefulShutdown()) != nil, shutdownGrace > 0 else { return }
                await watch.waitForEnd(until: clock.now.addingTimeInterval(shutdownGrace), on: clock)
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Runs `session` attempt after attempt, and `beside` alongside, while `hold` lasts; then says
    /// on the status board whether the connection stopped or passed to another instance.
    func supervise(
        under hold: DutyHold, beside: @escaping @Sendable (DutyHold) async -> Void,
        session: @escaping @Sendable (ConnectionAttempt) async -> ConnectionEnd
    ) async {
        await withDiscardingTaskGroup { work in
            work.addTask { await beside(hold) }
            await reconnect(under: hold, session: session)
            work.cancelAll()
        }
        if hold.isHeld || Task.isShuttingDownGracefully {
            status.report(statusName, .down, detail: "stopped", at: clock.now)
        } else {
            status.report(statusName, .standby, detail: Self.heldElsewhere, at: clock.now)
        }
    }

    /// The attempts under `hold`, each after the wait its predecessor's end calls for.
    private func reconnect(
        under hold: DutyHold, session: @escaping @Sendable (ConnectionAttempt) async -> ConnectionEnd
    ) async {
        var backoff = self.backoff
        while goesOn(under: hold) {
            status.report(statusName, .starting, detail: startingDetail, at: clock.now)
            let attempt = ConnectionAttempt(hold: hold, clock: clock)
            let end = await session(attempt)
            guard goesOn(under: hold) else {
                if case .ended(let reason, _) = end { logger.info("\(logPrefix)\(reason)") }
                return
            }
            if attempt.wasUp(forAtLeast: stableAfter, at: clock.now) { backoff.sessionWasStable() }
            guard case .ended(let reason, let named) = end else { continue }
            let computed = backoff.nextWait()
            let wait = max(0, named ?? computed)
            status.report(
                statusName, .down, detail: "\(reason); \(retryWord) in \(Int(wait.rounded())) s", at: clock.now)
            logger.warning("\(logPrefix)\(reason); \(retryWord) in \(String(format: "%.1f", wait)) s")
            guard await pause(seconds: wait) else { return }
        }
    }

    /// True while the attempts should go on.
    private func goesOn(under hold: DutyHold) -> Bool {
        !Task.isCancelled && !Task.isShuttingDownGracefully && hold.isHeld
    }

    /// Waits `seconds` on the clock; false when graceful shutdown or cancellation ended the wait.
    private func pause(seconds: TimeInterval) async -> Bool {
        let deadline = clock.now.addingTimeInterval(seconds)
        do {
            try await cancelWhenGracefulShutdown { [clock] in try await clock.sleep(until: deadline) }
            return true
        } catch {
            return false
        }
    }
}

/// Whether a supervisor works under a hold now, and when that work ends, for graceful shutdown to
/// wait for a running session and not for a hold that may never come.
private final class HoldWatch: Sendable {
    private let working = Mutex(false)
    private let changes: AsyncStream<Bool>
    private let change: AsyncStream<Bool>.Continuation

    init() {
        (changes, change) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Work under a hold began (true) or ended (false).
    func set(working isWorking: Bool) {
        working.withLock { $0 = isWorking }
        change.yield(isWorking)
    }

    /// Returns once no work runs under a hold, or at `deadline` on `clock`; called once.
    func waitForEnd(until deadline: Date, on clock: any HomeroomClock) async {
        guard working.withLock({ $0 }) else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [changes] in
                for await isWorking in changes where !isWorking { return }
            }
            group.addTask { try? await clock.sleep(until: deadline) }
            await group.next()
            group.cancelAll()
        }
    }
}
