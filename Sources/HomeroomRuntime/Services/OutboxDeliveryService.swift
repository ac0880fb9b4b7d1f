import HomeroomCore
import ServiceLifecycle

/// An outbox delivery worker as a service of the `ServiceGroup`: it stops at graceful shutdown,
/// leaving what it has not sent in the outbox for the next start.
public struct OutboxDeliveryService: Service {
    let worker: OutboxDeliveryWorker

    /// Wraps a worker.
    public init(worker: OutboxDeliveryWorker) {
        self.worker = worker
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await worker.run()
        }
    }
}
