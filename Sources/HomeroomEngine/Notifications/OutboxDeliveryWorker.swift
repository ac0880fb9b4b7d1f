import Foundation
import HomeroomCore
import Logging
import Metrics

/// Delivers one adapter's notifications from the outbox, at least once: the worker claims the
/// rows it is about to send (so any number of workers, in one instance or several, send disjoint
/// rows), and marks a message delivered only after its sender returned, so a crash in between
/// sends it again (with the same idempotency key). Failures are retried by the outbox's policy.
///
/// **After a `kill -9`, at most `recordEvery + 1` messages of each worker on the killed instance
/// go out again; with the default `recordEvery` of 1, at most 2**: the one being sent, and the
/// one sent just before, whose delivery was being recorded while the next was sent. Each goes
/// out again with its idempotency key as soon as another worker takes over the adapter's
/// delivery duty (`run(takingOverClaims: true)`), or else once its claim has run out
/// (``Outbox/claimLifetime``, 2 min by default). The other messages the worker had claimed were
/// not sent: they go then too, once. When a delivery cannot be recorded because the lease under
/// which the worker runs has passed on (``DutyLost``), or its hold is no longer held when it is
/// about to send (the instance woke from a pause past its lease), the worker stops sending; those
/// messages are likewise sent again, with their keys, after their claims run out.
package struct OutboxDeliveryWorker: Sendable {
    let outbox: Outbox
    let sender: any MessageSender
    let logger: Logger
    /// How often the outbox is checked when nothing is known to be due sooner (new messages
    /// from other processes show up within this time).
    let pollInterval: TimeInterval
    /// How many deliveries are recorded in one transaction; each record runs while the next
    /// message is sent. More means fewer commits, against as many more repeats after a crash.
    let recordEvery: Int
    /// Which of the adapter's rows this worker takes.
    let targets: OutboxTargets
    /// How many of the adapter's notifications went out, failed and will be retried, or were
    /// given up: `homeroom_outbox_deliveries_total{adapter, outcome}` on `/metrics`.
    let deliveries: DeliveryCounters?

    /// How many rows one claim takes.
    static let claimSize = 50

    /// Creates a worker for `sender`'s adapter, taking its rows among `targets` and recording
    /// deliveries `recordEvery` at a time.
    package init(
        outbox: Outbox, sender: any MessageSender, logger: Logger, pollInterval: TimeInterval = 5, recordEvery: Int = 1,
        targets: OutboxTargets = .all
    ) {
        self.outbox = outbox
        self.sender = sender
        self.logger = logger
        self.pollInterval = pollInterval
        self.recordEvery = min(max(1, recordEvery), Self.claimSize)
        self.targets = targets
        self.deliveries = outbox.metrics.map { DeliveryCounters(adapter: sender.adapter, factory: $0) }
    }

    /// Delivers until the task is cancelled, or until the hold it works under is lost (``DutyLost``).
    /// A worker that has just taken its adapter's delivery
    /// duty passes `takingOverClaims`: the claims a dead or paused holder left on the rows end at
    /// once (``Outbox/takeOverClaims(for:targets:)``) instead of after ``Outbox/claimLifetime``.
    package func run(takingOverClaims: Bool = false) async {
        let clock = outbox.clock
        if takingOverClaims {
            do {
                let taken = try await outbox.takeOverClaims(for: sender.adapter, targets: targets)
                if taken > 0 { logger.info("outbox for \(sender.adapter): took over \(taken) claimed message(s)") }
            } catch {
                logger.warning(
                    "outbox for \(sender.adapter): the claims left by the last holder run out on their own: \(error)")
            }
        }
        while !Task.isCancelled {
            do {
                let rings = outbox.bell.rings
                try await deliverDue()
                let next = try await outbox.nextDue(for: sender.adapter, targets: targets)
                let wake = min(next ?? .distantFuture, clock.now.addingTimeInterval(pollInterval))
                try await sleep(until: wake, orRingAfter: rings)
            } catch is CancellationError {
                return
            } catch let lost as DutyLost {
                logger.warning("outbox for \(sender.adapter) stopped sending: \(lost)")
                return
            } catch {
                logger.error("outbox for \(sender.adapter): \(error)")
                do { try await clock.sleep(until: clock.now.addingTimeInterval(pollInterval)) } catch { return }
            }
        }
    }

    /// Waits until `wake` on the outbox's clock, or until the bell rings after `rings` (messages
    /// were queued in this process), whichever comes first.
    private func sleep(until wake: Date, orRingAfter rings: UInt64) async throws {
        let (clock, bell) = (outbox.clock, outbox.bell)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(until: wake) }
            group.addTask { await bell.wait(pastRing: rings) }
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }

    /// Claims the messages due now (up to ``claimSize``) and sends them in order; returns how many
    /// went out. Each record of deliveries (`recordEvery` at a time, one transaction each) runs
    /// while the next message is sent. Stopped part-way (cancelled, or by a database error), the
    /// worker records what went out and releases the claims on what it did not try, then throws;
    /// a send that was cancelled is not recorded as an attempt, and its message is released too.
    /// Before each send it checks its hold (``Outbox/working(under:)``): once the hold is no longer
    /// held, or a write was refused because the lease passed on, it sends nothing more, writes
    /// nothing (the writes would be refused) and throws ``DutyLost``.
    @discardableResult
    package func deliverDue() async throws -> Int {
        let claimed = try await outbox.claim(for: sender.adapter, limit: Self.claimSize, targets: targets)
        var sent = 0
        var unrecorded: [OutboxMessage] = []
        // Messages whose attempt is settled: sent, or its failure recorded.
        var settled = 0
        // The record of the previous deliveries, running while the next message is sent: a task of
        // its own, so that neither a failed send nor cancellation aborts it.
        var recording: (batch: [OutboxMessage], task: Task<Void, any Error>)?
        var stop: (any Error)?
        do {
            for message in claimed {
                if Task.isCancelled { break }
                try outbox.checkHeld()
                if unrecorded.count >= recordEvery {
                    let batch = unrecorded
                    unrecorded.removeAll()
                    recording = (batch, Task { [outbox] in try await outbox.markDelivered(batch) })
                }
                let wentOut = try await attempt(message)
                settled += 1
                if wentOut {
                    sent += 1
                    unrecorded.append(message)
                }
                if let previous = recording {
                    recording = nil
                    do {
                        try await previous.task.value
                    } catch {
                        unrecorded = previous.batch + unrecorded
                        throw error
                    }
                }
            }
        } catch {
            stop = error
        }
        if let previous = recording {
            do {
                try await previous.task.value
            } catch {
                unrecorded = previous.batch + unrecorded
                stop = stop ?? error
            }
        }
        if let stop, stop is DutyLost { throw stop }
        let untried = Array(claimed.dropFirst(settled))
        // A task of its own: the database drivers refuse to start a query in a cancelled task, and
        // what went out must be recorded (and the rest released) when the worker is stopped too.
        let closing = Task { [outbox, logger, unrecorded, adapter = sender.adapter] in
            var recordError: (any Error)?
            do { try await outbox.markDelivered(unrecorded) } catch { recordError = error }
            if !untried.isEmpty {
                do {
                    try await outbox.release(untried)
                } catch {
                    logger.warning("outbox for \(adapter): \(untried.count) claims run out on their own: \(error)")
                }
            }
            if let recordError { throw recordError }
        }
        do { try await closing.value } catch { stop = stop ?? error }
        if let stop { throw stop }
        try Task.checkCancellation()
        return sent
    }

    /// Sends `message`; on failure records it for a retry (or gives it up). True when it went out.
    /// A send cancelled with the worker records nothing: it throws `CancellationError`.
    private func attempt(_ message: OutboxMessage) async throws -> Bool {
        do {
            try await sender.send(message)
            deliveries?.delivered.increment()
            return true
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            let failure = error as? DeliveryFailure
            let recorded = try await outbox.recordFailure(
                message, error: "\(error)", retryAfter: failure?.retryAfter, permanent: failure?.isPermanent ?? false)
            switch recorded {
            case .retrying:
                deliveries?.retrying.increment()
                logger.warning(
                    "delivery \(message.idempotencyKey) to \(message.target.logged) failed, retrying: \(error)")
            case .givenUp:
                deliveries?.givenUp.increment()
                logger.error("delivery \(message.idempotencyKey) to \(message.target.logged) given up: \(error)")
            case .claimedElsewhere:
                logger.warning(
                    "delivery \(message.idempotencyKey) to \(message.target) failed; another worker has it now: \(error)"
                )
            }
            return false
        }
    }
}

/// The counts of one adapter's delivery attempts, by outcome.
struct DeliveryCounters: Sendable {
    /// The metric's name.
    static let label = "homeroom_outbox_deliveries_total"

    let delivered: Counter
    let retrying: Counter
    let givenUp: Counter

    init(adapter: String, factory: any MetricsFactory) {
        func counter(_ outcome: String) -> Counter {
            Counter(label: Self.label, dimensions: [("adapter", adapter), ("outcome", outcome)], factory: factory)
        }
        delivered = counter("delivered")
        retrying = counter("retrying")
        givenUp = counter("given_up")
    }
}
