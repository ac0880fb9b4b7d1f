import Foundation
import Logging

/// Runs the plugins' scheduled jobs at their times in the school's zone, on the injected clock.
///
/// A job that throws is logged and runs again at its next time; a job that runs past its next
/// time skips the times it missed rather than running twice.
package struct Scheduler: Sendable {
    /// One plugin's job with the storage it runs against.
    package struct Entry: Sendable {
        /// The plugin's id.
        package let pluginID: String
        /// The job.
        package let job: ScheduledJob
        /// The plugin's tables.
        package let storage: PluginStorage

        /// Creates an entry.
        package init(pluginID: String, job: ScheduledJob, storage: PluginStorage) {
            self.pluginID = pluginID
            self.job = job
            self.storage = storage
        }
    }

    let entries: [Entry]
    let school: SchoolCalendar
    let clock: any HomeroomClock
    let outbox: Outbox
    let fetcher: any HTTPFetching
    let logger: Logger

    /// Creates a scheduler.
    package init(
        entries: [Entry], school: SchoolCalendar, clock: any HomeroomClock, outbox: Outbox, fetcher: any HTTPFetching,
        logger: Logger
    ) {
        self.entries = entries
        self.fetcher = fetcher
        self.school = school
        self.clock = clock
        self.outbox = outbox
        self.logger = logger
    }

    /// Runs jobs until the task is cancelled (and waits for cancellation when there are none).
    package func run() async {
        var due = entries.map { $0.job.schedule.nextFire(after: clock.now, in: school) }
        while !Task.isCancelled {
            guard let next = due.compactMap({ $0 }).min() else {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return
            }
            do {
                try await clock.sleep(until: next)
            } catch {
                return
            }
            for index in entries.indices where due[index] == next {
                await runJob(entries[index], scheduledFor: next)
                due[index] = entries[index].job.schedule.nextFire(after: max(next, clock.now), in: school)
            }
        }
    }

    /// Runs the job named `name` of plugin `pluginID` at once, as if it were due now (an admin's
    /// "refresh now", a test standing at a chosen instant). Returns false when there is no such job.
    package func runNow(pluginID: String, name: String) async -> Bool {
        guard let entry = entries.first(where: { $0.pluginID == pluginID && $0.job.name == name }) else { return false }
        await runJob(entry, scheduledFor: clock.now)
        return true
    }

    private func runJob(_ entry: Entry, scheduledFor: Date) async {
        var logger = logger
        logger[metadataKey: "job"] = "\(entry.pluginID).\(entry.job.name)"
        let context = ScheduledJob.Context(
            scheduledFor: scheduledFor,
            services: PluginServices(
                storage: entry.storage, school: school, clock: clock, logger: logger, outbox: outbox, fetcher: fetcher))
        do {
            try await entry.job.run(context)
            logger.debug("scheduled job ran")
        } catch {
            logger.error("scheduled job failed: \(error)")
        }
    }
}
