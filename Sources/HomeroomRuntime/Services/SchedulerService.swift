import HomeroomCore
import ServiceLifecycle

/// The runtime's scheduler as a service of the `ServiceGroup`: it stops at graceful shutdown.
public struct SchedulerService: Service {
    let scheduler: Scheduler

    /// Wraps a scheduler.
    public init(scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await scheduler.run()
        }
    }
}
