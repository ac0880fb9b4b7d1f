import Foundation
import Logging

/// A job a plugin runs on a schedule in the school's time zone (a cache warm-up at midnight, a
/// feed refresh every 15 minutes, a reminder at 10:30 on school days).
public struct ScheduledJob: Sendable {
    /// What a job's body receives.
    public struct Context: Sendable {
        /// The plugin's tables.
        public let storage: PluginStorage
        /// The school's calendar.
        public let school: SchoolCalendar
        /// The clock.
        public let clock: any HomeroomClock
        /// A logger with the job's name.
        public let logger: Logger
        /// The instant the job was due.
        public let scheduledFor: Date
        /// Notifications to deliver; a reminder job enqueues here.
        public let outbox: Outbox
        /// Outgoing HTTP (a feed refresh).
        public let fetcher: any HTTPFetching

        /// Creates a context; the scheduler does this.
        public init(
            storage: PluginStorage, school: SchoolCalendar, clock: any HomeroomClock, logger: Logger,
            scheduledFor: Date, outbox: Outbox, fetcher: any HTTPFetching
        ) {
            self.storage = storage
            self.school = school
            self.clock = clock
            self.logger = logger
            self.scheduledFor = scheduledFor
            self.outbox = outbox
            self.fetcher = fetcher
        }
    }

    /// The job's name, unique within its plugin.
    public let name: String
    /// When it runs.
    public let schedule: CronSchedule
    /// The work.
    public let run: @Sendable (Context) async throws -> Void

    /// Declares a job.
    public init(_ name: String, schedule: CronSchedule, run: @escaping @Sendable (Context) async throws -> Void) {
        self.name = name
        self.schedule = schedule
        self.run = run
    }
}
