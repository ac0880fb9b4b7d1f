import Foundation
import Logging

/// Delivers one adapter's notifications from the outbox, at least once: a message is marked
/// delivered only after its sender returned, so a crash in between sends it again (with the
/// same idempotency key). Failures are retried by the outbox's policy.
package struct OutboxDeliveryWorker: Sendable {
    let outbox: Outbox
    let sender: any MessageSender
    let logger: Logger
    /// How often the outbox is checked when nothing is known to be due sooner (new messages
    /// from other processes show up within this time).
    let pollInterval: TimeInterval

    /// How many deliveries are recorded in one transaction: fewer commits, against as many
    /// repeats after a crash.
    let recordEvery: Int

    /// Creates a worker for `sender`'s adapter, recording deliveries `recordEvery` at a time.
    package init(
        outbox: Outbox, sender: any MessageSender, logger: Logger, pollInterval: TimeInterval = 5, recordEvery: Int = 8
    ) {
        self.outbox = outbox
        self.sender = sender
        self.logger = logger
        self.pollInterval = pollInterval
        self.recordEvery = max(1, recordEvery)
    }

    /// Delivers until the task is cancelled.
    package func run() async {
        let clock = outbox.clock
        while !Task.isCancelled {
            do {
                try await deliverDue()
                let next = try await outbox.nextDue(for: sender.adapter)
                let wake = min(next ?? .distantFuture, clock.now.addingTimeInterval(pollInterval))
                try await clock.sleep(until: wake)
            } catch is CancellationError {
                return
            } catch {
                logger.error("outbox for \(sender.adapter): \(error)")
                do { try await clock.sleep(until: clock.now.addingTimeInterval(pollInterval)) } catch { return }
            }
        }
    }

    /// Sends every message due now, in order; returns how many went out. Deliveries are recorded
    /// a few at a time (`recordEvery`), one transaction each, so a crash sends at most that
    /// many again (with their idempotency keys).
    @discardableResult
    package func deliverDue() async throws -> Int {
        var sent = 0
        var unrecorded: [OutboxMessage] = []
        for message in try await outbox.due(for: sender.adapter) {
            // Cancelled part-way: what went out is still recorded below, so it is not sent again.
            if Task.isCancelled { break }
            do {
                try await sender.send(message)
                sent += 1
                unrecorded.append(message)
                if unrecorded.count >= recordEvery {
                    try await outbox.markDelivered(unrecorded)
                    unrecorded.removeAll()
                }
            } catch {
                let failure = error as? DeliveryFailure
                let retried = try await outbox.markFailed(
                    message, error: "\(error)", retryAfter: failure?.retryAfter,
                    permanent: failure?.isPermanent ?? false)
                if retried {
                    logger.warning("delivery \(message.idempotencyKey) to \(message.target) failed, retrying: \(error)")
                } else {
                    logger.error("delivery \(message.idempotencyKey) to \(message.target) given up: \(error)")
                }
            }
        }
        try await outbox.markDelivered(unrecorded)
        try Task.checkCancellation()
        return sent
    }
}
