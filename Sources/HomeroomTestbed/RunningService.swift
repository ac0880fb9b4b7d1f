import HomeroomTesting
import Logging
import ServiceLifecycle

/// Runs `service` (a server under test) in a `ServiceGroup` while `body` runs, then stops it the
/// way `homeroom serve` does on SIGTERM: a graceful shutdown, never a cancellation. A NIO server
/// cancelled while a connection is accepted but not yet served traps the whole test process
/// ("Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#3481).
///
/// `stopped` is called once the service has ended for any reason, so a test waiting for it to
/// listen is released when it fails to start instead of waiting forever.
public func withRunningService<Value: Sendable>(
    _ service: some Service, stopped: @escaping @Sendable () -> Void = {},
    _ body: () async throws -> Value
) async throws -> Value {
    let group = ServiceGroup(configuration: .init(services: [service], logger: TestBot.testLogger()))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            defer { stopped() }
            try await group.run()
        }
        let value: Value
        do {
            value = try await body()
        } catch {
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return value
    }
}
