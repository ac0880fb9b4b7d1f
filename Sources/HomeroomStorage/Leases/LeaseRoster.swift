import Foundation
import HomeroomCore
import Logging
import SQLKit
import Synchronization

/// The duties of several instances on one PostgreSQL database, shared through leases in
/// `core_leases` (DESIGN.md, Several instances; why a lease table and not advisory locks is
/// written down there).
///
/// Every ``renewInterval`` the roster's ``run()`` loop records that this instance is alive,
/// renews every lease it holds in one statement, and tries to take each duty it wants that
/// nobody holds. Duties are spread: while other instances are alive, one takes at most its share
/// of the duties it wants (their number divided by the instances seen within a lease lifetime,
/// rounded up) and leaves the rest to the others; a duty nobody took for two rounds is taken
/// anyway. A lease lasts ``leaseLifetime`` on the database server's clock; this instance
/// counts its own hold from the instant it *sent* the renewal, on its monotonic clock, so it
/// always believes the lease over before the database does. Work under a lost lease is
/// cancelled, and its writes are refused by the fencing token (``FencedDatabase``).
///
/// With the defaults (a 6 s lease renewed every 2 s), a holder killed with `kill -9` has its
/// duties taken over within 8 s; one stopped cleanly releases them, and they move within 2 s.
package final class LeaseRoster: DutyRoster {
    private struct Hold {
        var token: Int64
        /// Until when this instance counts the lease as its own.
        var validUntil: ContinuousClock.Instant
    }

    private struct State {
        var wanted: Set<Duty> = []
        var held: [Duty: Hold] = [:]
        /// Free duties left to other instances, with the number of rounds in a row they stayed free.
        var leftFree: [Duty: Int] = [:]
    }

    package let instanceID: String
    /// How long a lease lasts after each renewal.
    package let leaseLifetime: Duration
    /// How often leases are renewed and free duties sought.
    package let renewInterval: Duration
    private let database: any Database
    private let logger: Logger
    private let version: String
    private let state = Mutex(State())

    /// A roster over `database`, naming this instance `instanceID`.
    package init(
        database: any Database, instanceID: String = InstanceName.make(), version: String = "dev",
        leaseLifetime: Duration = .seconds(6), renewInterval: Duration = .seconds(2), logger: Logger
    ) {
        self.database = database
        self.instanceID = instanceID
        self.version = version
        self.leaseLifetime = leaseLifetime
        self.renewInterval = renewInterval
        var logger = logger
        logger[metadataKey: "instance"] = "\(instanceID)"
        self.logger = logger
    }

    package var heldDuties: [Duty: Int64] {
        let now = ContinuousClock.now
        return state.withLock { state in
            state.held.filter { $0.value.validUntil > now }.mapValues(\.token)
        }
    }

    /// Renews and takes leases until the task is cancelled; then releases every lease and
    /// removes this instance from `core_instances`, so others take over at once.
    package func run() async {
        while !Task.isCancelled {
            await tick()
            do { try await Task.sleep(for: renewInterval) } catch { break }
        }
        await releaseAll()
    }

    /// One round: heartbeat, renew what is held, take what is wanted and free (up to this
    /// instance's share while others are alive).
    package func tick() async {
        let sent = ContinuousClock.now
        let lifetime = Self.milliseconds(leaseLifetime)
        let record = InstanceRecord(
            id: instanceID, host: ProcessInfo.processInfo.hostName,
            pid: Int64(ProcessInfo.processInfo.processIdentifier), version: version)
        let live: Int
        do {
            let (alive, renewed) = try await database.read { [instanceID] db in
                let alive = try await LeaseTable.heartbeat(record, window: lifetime, on: db)
                return (alive, try await LeaseTable.renew(holder: instanceID, lifetime: lifetime, on: db))
            }
            live = max(1, alive)
            for duty in adopt(renewed, sentAt: sent) { await release(duty) }
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
        let attempt = ContinuousClock.now
        do {
            let token = try await database.read { [instanceID] db in
                try await LeaseTable.acquire(duty, holder: instanceID, lifetime: lifetime, on: db)
            }
            guard let token else { return false }
            let stillWanted = state.withLock { state in
                guard state.wanted.contains(duty) else { return false }
                state.held[duty] = Hold(token: token, validUntil: attempt + leaseLifetime)
                return true
            }
            guard stillWanted else {
                await release(duty)
                return false
            }
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
    private func adopt(_ renewed: [Duty: Int64], sentAt sent: ContinuousClock.Instant) -> [Duty] {
        let (lost, unwanted): ([Duty], [Duty]) = state.withLock { state in
            var lost: [Duty] = []
            for (duty, hold) in state.held where renewed[duty] != hold.token {
                state.held[duty] = nil
                lost.append(duty)
            }
            var unwanted: [Duty] = []
            for (duty, token) in renewed {
                if state.wanted.contains(duty) {
                    state.held[duty] = Hold(token: token, validUntil: sent + leaseLifetime)
                } else {
                    unwanted.append(duty)
                }
            }
            return (lost, unwanted)
        }
        for duty in lost.sorted() { logger.warning("lost the duty \(duty): another instance holds it, or it ran out") }
        return unwanted.sorted()
    }

    package func perform(_ duty: Duty, _ work: @escaping @Sendable (DutyHold) async throws -> Void) async {
        state.withLock { _ = $0.wanted.insert(duty) }
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
                    while self.holds(duty, token: token) {
                        do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
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
            if returnedWhileHeld { try? await Task.sleep(for: .seconds(1)) }
        }
        let held = state.withLock { state in
            state.wanted.remove(duty)
            return state.held.removeValue(forKey: duty) != nil
        }
        if held { await release(duty) }
    }

    /// True while this instance's hold on `duty` with `token` has not run out.
    private func holds(_ duty: Duty, token: Int64) -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let hold = state.held[duty], hold.token == token else { return false }
            return hold.validUntil > now
        }
    }

    /// The token once this instance holds `duty`; nil when the task is cancelled first.
    private func waitUntilHeld(_ duty: Duty) async -> Int64? {
        while !Task.isCancelled {
            let now = ContinuousClock.now
            let token = state.withLock { state in
                state.held[duty].flatMap { $0.validUntil > now ? $0.token : nil }
            }
            if let token { return token }
            do { try await Task.sleep(for: .milliseconds(100)) } catch { return nil }
        }
        return nil
    }

    /// Ends this instance's lease on `duty`. It runs in a task of its own: the release follows
    /// the cancellation of the work, and a cancelled task would give up waiting for a connection.
    private func release(_ duty: Duty) async {
        let (database, instanceID, logger) = (database, instanceID, logger)
        await Task {
            do {
                try await database.read { try await LeaseTable.release(duty, holder: instanceID, on: $0) }
                logger.info("released the duty \(duty)")
            } catch {
                logger.warning("releasing the duty \(duty) failed (it runs out on its own): \(error)")
            }
        }.value
    }

    private func releaseAll() async {
        let held = state.withLock { state in
            defer { state.held.removeAll() }
            return Array(state.held.keys)
        }
        for duty in held.sorted() { await release(duty) }
        let (database, instanceID) = (database, instanceID)
        await Task {
            try? await database.read { try await LeaseTable.forget(instance: instanceID, on: $0) }
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
