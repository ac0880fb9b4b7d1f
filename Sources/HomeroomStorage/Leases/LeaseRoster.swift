import Foundation
import HomeroomCore
import Logging
import SQLKit
import Synchronization

/// The duties of several instances on one PostgreSQL database, shared through leases in
/// `core_leases` (DESIGN.md, Several instances; why a lease table and not advisory locks is
/// written down in DEPLOYMENT.md, "Why leases and not advisory locks").
///
/// Every ``renewInterval`` the roster's ``run()`` loop records that this instance is alive,
/// renews every lease it holds in one statement, and tries to take each duty it wants that
/// nobody holds. It does so through a lease database of its own (one connection on PostgreSQL),
/// so renewals never wait behind the requests sharing the main pool.
///
/// Duties are spread when they are free: while other instances are alive, one takes at most its
/// share of the duties it wants (their number divided by the instances seen within a lease
/// lifetime, rounded up) and leaves the rest to the others. A duty this instance left to the
/// others for two rounds in a row is tried on the next round whatever its share: taken if it is
/// still free, left alone if another instance holds it. Nothing is rebalanced later: an instance
/// never gives up a duty it holds to make room, so an instance started alone takes every duty,
/// and one started while the others hold everything stands by until a holder stops or dies.
///
/// A lease lasts ``leaseLifetime`` on the database server's clock, the one time all instances
/// share. This instance counts its own hold from the instant it *sent* the renewal, on the
/// injected clock's ``HomeroomClock/uptime`` (monotonic: setting the date does not move it), and
/// ends it ``safetyMargin`` early, so it believes the lease over before the database does even
/// when the renewal took long to arrive or the work takes a moment to stop. Work under a lost
/// lease is cancelled at the end of the local hold, and its writes are refused by the fencing
/// token (``FencedDatabase``). Its rounds and its waits for a hold to end sleep on the same
/// clock, so a test on a `TestClock` moves the roster by moving the clock.
///
/// With the defaults (a 6 s lease renewed every 2 s, held locally for 5 s after each renewal
/// was sent), a holder killed with `kill -9` has its duties taken over within 8 s; one stopped
/// cleanly releases them, and they move within 2 s.
package final class LeaseRoster: DutyRoster {
    private struct Hold {
        var token: Int64
        /// Until when, on the clock's uptime, this instance counts the lease as its own.
        var validUntil: Duration
    }

    private struct State {
        var wanted: Set<Duty> = []
        var held: [Duty: Hold] = [:]
        /// Wanted duties this instance left to the others, with the number of rounds in a row it did so.
        var leftFree: [Duty: Int] = [:]
        /// The `perform` calls waiting to hold a duty, by a number of their own.
        var waiters: [Int: (duty: Duty, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0

        /// Sets the hold on `duty` and returns the waiters to resume (outside the lock).
        mutating func hold(_ duty: Duty, _ hold: Hold) -> [CheckedContinuation<Void, Never>] {
            held[duty] = hold
            let woken = waiters.filter { $0.value.duty == duty }
            for number in woken.keys { waiters[number] = nil }
            return woken.values.map(\.continuation)
        }
    }

    package let instanceID: String
    /// How long a lease lasts after each renewal.
    package let leaseLifetime: Duration
    /// How often leases are renewed and free duties sought.
    package let renewInterval: Duration
    /// How much earlier than the database this instance ends its hold: half a renewal interval
    /// (at most half the lease).
    package var safetyMargin: Duration { min(renewInterval, leaseLifetime) / 2 }
    /// The database the work writes to, through ``FencedDatabase``.
    private let database: any Database
    /// The clock the local holds are counted and the rounds are paced on.
    private let clock: any HomeroomClock
    /// Wakes ``run()`` for a round before its renewal interval is out: a duty newly wanted.
    private let nextRound = WakeSignal()
    /// The database the leases are renewed, taken and released on.
    private let leaseDatabase: any Database
    private let logger: Logger
    private let version: String
    private let state = Mutex(State())

    /// A roster whose work writes to `database` and whose leases live on `leaseDatabase` (the same
    /// PostgreSQL database, through connections of its own; `database` when nil), naming this
    /// instance `instanceID` and counting its holds on `clock`. The roster does not close either database.
    package init(
        database: any Database, leaseDatabase: (any Database)? = nil, clock: any HomeroomClock,
        instanceID: String = InstanceName.make(), version: String = "dev", leaseLifetime: Duration = .seconds(6),
        renewInterval: Duration = .seconds(2), logger: Logger
    ) {
        self.database = database
        self.clock = clock
        self.leaseDatabase = leaseDatabase ?? database
        self.instanceID = instanceID
        self.version = version
        self.leaseLifetime = leaseLifetime
        self.renewInterval = renewInterval
        var logger = logger
        logger[metadataKey: "instance"] = "\(instanceID)"
        self.logger = logger
    }

    package var heldDuties: [Duty: Int64] {
        let now = clock.uptime
        return state.withLock { state in
            state.held.filter { $0.value.validUntil > now }.mapValues(\.token)
        }
    }

    /// Renews and takes leases until the task is cancelled; then releases every lease and
    /// removes this instance from `core_instances`, so others take over at once.
    package func run() async {
        while !Task.isCancelled {
            await tick()
            await nextRound.wait(for: renewInterval, on: clock)
        }
        await releaseAll()
    }

    /// One round: heartbeat, renew what is held, take what is wanted and free (up to this
    /// instance's share while others are alive).
    package func tick() async {
        let sent = clock.uptime
        let lifetime = Self.milliseconds(leaseLifetime)
        let record = InstanceRecord(
            id: instanceID, host: ProcessInfo.processInfo.hostName,
            pid: Int64(ProcessInfo.processInfo.processIdentifier), version: version)
        let live: Int
        do {
            let (alive, renewed) = try await leaseDatabase.read { [instanceID] db in
                let alive = try await LeaseTable.heartbeat(record, window: lifetime, on: db)
                return (alive, try await LeaseTable.renew(holder: instanceID, lifetime: lifetime, on: db))
            }
            live = max(1, alive)
            for (duty, token) in adopt(renewed, sentAt: sent) { await release(duty, token: token) }
        } catch {
            logger.warning("renewing leases failed (held ones run out on their own): \(error)")
            return
        }
        let (free, share) = state.withLock { state in
            let free = state.wanted.filter { state.held[$0] == nil }.sorted()
            let share = state.wanted.count / live + (state.wanted.count % live == 0 ? 0 : 1)
            return (free, share - state.held.count)
        }
        var taken = 0
        var leftFree: Set<Duty> = []
        for duty in free {
            let overdue = state.withLock { ($0.leftFree[duty] ?? 0) >= 2 }
            guard taken < share || overdue else {
                leftFree.insert(duty)
                continue
            }
            if await take(duty, lifetime: lifetime) { taken += 1 }
        }
        state.withLock { state in
            state.leftFree = leftFree.reduce(into: [:]) { counts, duty in
                counts[duty] = (state.leftFree[duty] ?? 0) + 1
            }
        }
    }

    /// Tries to take the lease on `duty`; true when this instance now holds it.
    private func take(_ duty: Duty, lifetime: Int64) async -> Bool {
        let attempt = clock.uptime
        do {
            let token = try await leaseDatabase.read { [instanceID] db in
                try await LeaseTable.acquire(duty, holder: instanceID, lifetime: lifetime, on: db)
            }
            guard let token else { return false }
            let validUntil = attempt + leaseLifetime - safetyMargin
            let woken: [CheckedContinuation<Void, Never>]? = state.withLock { state in
                guard state.wanted.contains(duty) else { return nil }
                return state.hold(duty, Hold(token: token, validUntil: validUntil))
            }
            guard let woken else {
                await release(duty, token: token)
                return false
            }
            for continuation in woken { continuation.resume() }
            logger.info("took the duty \(duty) (token \(token))")
            return true
        } catch {
            logger.warning("taking the duty \(duty) failed: \(error)")
            return false
        }
    }

    /// Keeps the leases the database renewed for this instance, from the instant the renewal was
    /// sent; a lease it no longer lists (taken over, or run out) is dropped. Returns the renewed
    /// leases this instance no longer wants (their release failed before), to be released.
    private func adopt(_ renewed: [Duty: Int64], sentAt sent: Duration) -> [(Duty, Int64)] {
        let validUntil = sent + leaseLifetime - safetyMargin
        let (lost, unwanted, woken) = state.withLock { state in
            var lost: [Duty] = []
            for (duty, hold) in state.held where renewed[duty] != hold.token {
                state.held[duty] = nil
                lost.append(duty)
            }
            var unwanted: [(Duty, Int64)] = []
            var woken: [CheckedContinuation<Void, Never>] = []
            for (duty, token) in renewed {
                if state.wanted.contains(duty) {
                    woken += state.hold(duty, Hold(token: token, validUntil: validUntil))
                } else {
                    unwanted.append((duty, token))
                }
            }
            return (lost, unwanted, woken)
        }
        for continuation in woken { continuation.resume() }
        for duty in lost.sorted() { logger.warning("lost the duty \(duty): another instance holds it, or it ran out") }
        return unwanted.sorted { $0.0 < $1.0 }
    }

    package func perform(_ duty: Duty, _ work: @escaping @Sendable (DutyHold) async throws -> Void) async {
        // A duty newly wanted is tried in a round at once, not a renewal interval later.
        if state.withLock({ $0.wanted.insert(duty).inserted }) { nextRound.wake() }
        while !Task.isCancelled {
            guard let token = await waitUntilHeld(duty) else { break }
            let hold = DutyHold(duty: duty, token: token, database: FencedDatabase(database, duty: duty, token: token))
            {
                [weak self] in self?.holds(duty, token: token) ?? false
            }
            let returnedWhileHeld = await withTaskGroup(of: Bool.self) { group in
                group.addTask { [logger] in
                    do {
                        try await work(hold)
                    } catch is CancellationError {
                    } catch {
                        logger.error("\(duty) stopped: \(error)")
                    }
                    return true
                }
                group.addTask {
                    // Sleeps until the hold ends, waking at least once a renewal interval to see
                    // a renewal's new end or a lease the database no longer lists.
                    while let validUntil = self.validUntil(duty, token: token) {
                        let left = validUntil - self.clock.uptime
                        guard left > .zero else { break }
                        do { try await self.clock.sleep(for: min(left, self.renewInterval)) } catch { break }
                    }
                    return false
                }
                let first = await group.next() ?? false
                group.cancelAll()
                return first && self.holds(duty, token: token)
            }
            if !returnedWhileHeld, !Task.isCancelled {
                logger.info("stopped \(duty): the lease is no longer this instance's")
            }
            if returnedWhileHeld { try? await clock.sleep(for: .seconds(1)) }
        }
        let held = state.withLock { state in
            state.wanted.remove(duty)
            return state.held.removeValue(forKey: duty)
        }
        if let held { await release(duty, token: held.token) }
    }

    /// True while this instance's hold on `duty` with `token` has not run out.
    private func holds(_ duty: Duty, token: Int64) -> Bool {
        validUntil(duty, token: token).map { $0 > clock.uptime } ?? false
    }

    /// Until when this instance counts its hold on `duty` with `token` as its own; nil once the
    /// hold is dropped or replaced.
    private func validUntil(_ duty: Duty, token: Int64) -> Duration? {
        state.withLock { state in
            state.held[duty].flatMap { $0.token == token ? $0.validUntil : nil }
        }
    }

    /// The token once this instance holds `duty`; nil when the task is cancelled first. It waits
    /// without polling: a round that takes or renews the duty resumes it.
    private func waitUntilHeld(_ duty: Duty) async -> Int64? {
        while !Task.isCancelled {
            let now = clock.uptime
            let token = state.withLock { state in
                state.held[duty].flatMap { $0.validUntil > now ? $0.token : nil }
            }
            if let token { return token }
            let number = state.withLock { state in
                defer { state.nextWaiter &+= 1 }
                return state.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    // Checked under the lock: a hold set, or a cancellation, before the waiter is
                    // listed would otherwise never resume it.
                    let resumeNow = state.withLock { state in
                        let now = clock.uptime
                        if Task.isCancelled || state.held[duty].map({ $0.validUntil > now }) == true { return true }
                        state.waiters[number] = (duty, continuation)
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: number) }?.continuation.resume()
            }
        }
        return nil
    }

    /// Ends this instance's lease on `duty` with `token` (not a newer one taken since). It runs in
    /// a task of its own: the release follows the cancellation of the work, and a cancelled task
    /// would give up waiting for a connection.
    private func release(_ duty: Duty, token: Int64) async {
        let (leaseDatabase, instanceID, logger) = (leaseDatabase, instanceID, logger)
        await Task {
            do {
                try await leaseDatabase.read {
                    try await LeaseTable.release(duty, holder: instanceID, token: token, on: $0)
                }
                logger.info("released the duty \(duty)")
            } catch {
                logger.warning("releasing the duty \(duty) failed (it runs out on its own): \(error)")
            }
        }.value
    }

    private func releaseAll() async {
        let held = state.withLock { state in
            defer { state.held.removeAll() }
            return state.held.map { ($0.key, $0.value.token) }
        }
        for (duty, token) in held.sorted(by: { $0.0 < $1.0 }) { await release(duty, token: token) }
        let (leaseDatabase, instanceID) = (leaseDatabase, instanceID)
        await Task {
            try? await leaseDatabase.read { try await LeaseTable.forget(instance: instanceID, on: $0) }
        }.value
    }

    /// `duration` in whole milliseconds, saturating at `Int64.max`.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? 0 : .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowAgain ? .max : max(0, total)
    }
}
