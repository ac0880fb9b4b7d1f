import HomeroomCore

extension TestBot {
    /// Stands the clock at `instant`, runs the runtime's subscription job as the scheduler would
    /// at that minute, and returns every notification waiting for the console adapter.
    public func sendSubscriptions(at instant: String) async throws -> [OutboxMessage] {
        clock.set(to: TestClock.instant(instant))
        guard await runtime.scheduler.runNow(pluginID: CorePlugin.id, name: "send subscriptions") else {
            throw MissingJob()
        }
        return try await runtime.outbox.due(for: "console", limit: 100)
    }
}

/// The runtime has no subscription job: no plugin offers a topic.
public struct MissingJob: Error {}
