import Foundation
import Logging

/// Delivers one adapter's notifications from the outbox, at least once: a message is marked
/// delivered only after its sender returned, so a crash in between sends it again (with the
/// same idempotency key). Failures are retried by the outbox's policy.
public struct OutboxDeliveryWorker: Sendable {
    let outbox: Outbox
    let sender: any MessageSender
    let logger: Logger
    /// How often the outbox is checked when nothing is known to be due sooner (new messages
    /// from other processes show up within this time).
    let pollInterval: TimeInterval

    /// Creates a worker for `sender`'s adapter.
    public init(outbox: Outbox, sender: any MessageSender, logger: Logger, pollInterval: TimeInterval = 5) {
        self.outbox = outbox
        self.sender = sender
        self.logger = logger
        self.pollInterval = pollInterval
    }

    /// Delivers until the task is cancelled.
    public func run() async {
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

    /// Sends every message due now; returns how many went out.
    @discardableResult
    public func deliverDue() async throws -> Int {
        var sent = 0
        for message in try await outbox.due(for: sender.adapter) {
            try Task.checkCancellation()
            do {
                try await sender.send(message)
                try await outbox.markDelivered(message)
                sent += 1
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
        return sent
    }
}
