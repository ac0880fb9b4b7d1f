import ServiceLifecycle

/// A loop that runs until its task is cancelled — the scheduler, an outbox delivery worker — as a
/// service of the `ServiceGroup`: graceful shutdown cancels it, and whatever it left undone stays
/// in storage for the next start.
package struct BackgroundLoopService: Service {
    let loop: @Sendable () async -> Void

    /// Wraps `loop`, e.g. `BackgroundLoopService { await runtime.scheduler.run() }`.
    package init(_ loop: @escaping @Sendable () async -> Void) {
        self.loop = loop
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await loop()
        }
    }
}
