import HomeroomCore
import HomeroomEngine

extension TestBot {
    /// Stands the clock at `instant`, runs the runtime's subscription job as the scheduler would
    /// at that minute, and returns every notification waiting for the console adapter. Throws
    /// ``MissingJob`` when there is no subscription job: no plugin offers a topic.
    public func sendSubscriptions(at instant: String) async throws -> [OutboxMessage] {
        clock.set(to: TestClock.instant(instant))
        try await runJob("send subscriptions", pluginID: CorePlugin.id)
        return try await runtime.outbox.due(for: "console", limit: 100)
    }
}
