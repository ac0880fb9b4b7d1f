import Foundation

/// A job a plugin runs on a schedule in the school's time zone (a cache warm-up at midnight, a
/// feed refresh every 15 minutes, a reminder at 10:30 on school days).
public struct ScheduledJob: Sendable {
    /// What a job's body receives.
    @dynamicMemberLookup
    public struct Context: Sendable {
        /// The instant the job was due.
        public let scheduledFor: Date
        /// The plugin's tables, the school, the clock, a logger with the job's name, the outbox (a
        /// reminder job enqueues there) and outgoing HTTP (a feed refresh); read them as the
        /// context's own (`context.storage`).
        public let services: PluginServices

        /// Creates a context; the scheduler does this, and a plugin's tests run the job through `TestBot`.
        package init(scheduledFor: Date, services: PluginServices) {
            self.scheduledFor = scheduledFor
            self.services = services
        }

        /// One of the ``services`` (`context.storage`, `context.clock`), read as the context's own.
        public subscript<T>(dynamicMember keyPath: KeyPath<PluginServices, T>) -> T { services[keyPath: keyPath] }
    }

    /// The job's name, unique within its plugin.
    public let name: String
    /// When it runs.
    public let schedule: CronSchedule
    /// The work.
    public let run: @Sendable (Context) async throws -> Void
    /// True when the job also runs as soon as an instance takes it (at start-up, or after the
    /// instance that held it died), for work another instance may have left half-way; its
    /// `scheduledFor` is then that moment.
    public let runsWhenTakenOver: Bool

    /// Declares a job; `runsWhenTakenOver` also runs it as soon as an instance takes it.
    public init(
        _ name: String, schedule: CronSchedule, runsWhenTakenOver: Bool = false,
        run: @escaping @Sendable (Context) async throws -> Void
    ) {
        self.name = name
        self.schedule = schedule
        self.runsWhenTakenOver = runsWhenTakenOver
        self.run = run
    }
}
