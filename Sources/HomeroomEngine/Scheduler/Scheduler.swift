import Foundation
import HomeroomCore
import Logging

/// Runs the plugins' scheduled jobs at their times in the school's zone, on the injected clock.
///
/// Each job is a duty of its own (``Duty/job(plugin:name:)``): with several instances on one
/// PostgreSQL database, one instance at a time runs it, so feed polls spread across instances.
/// Under its hold, a job's storage and outbox write through the hold's database, whose writes are
/// refused once the lease has passed to another instance.
///
/// A job that throws is logged and runs again at its next time; a job that runs past its next
/// time skips the times it missed rather than running twice. The instance that takes a job over
/// starts counting from its own now, and first runs the job for the last due time within
/// ``catchUpWindow`` when the job had run before but not for that time (the former holder died,
/// or the lease moved, as it fell due). Its sends are keyed, so running twice is harmless; a
/// missed 10:30 subscription run would be worse. The same holds for one instance on SQLite: a
/// restart within the window runs the time it missed. A job that ``ScheduledJob/runsWhenTakenOver``
/// also runs as soon as its duty is taken. Jobs run concurrently, each in its own loop.
package struct Scheduler: Sendable {
    /// One plugin's job with the storage it runs against.
    package struct Entry: Sendable {
        /// The plugin's id.
        package let pluginID: String
        /// The job.
        package let job: ScheduledJob
        /// The plugin's tables, as ``Scheduler/runNow(pluginID:name:)`` writes them (unfenced).
        package let storage: PluginStorage
        /// The school the job runs for, in its time zone and over its data, when its plugin is
        /// configured apart for that school; nil: the district's.
        package let school: School?

        /// Creates an entry.
        package init(pluginID: String, job: ScheduledJob, storage: PluginStorage, school: School? = nil) {
            self.pluginID = pluginID
            self.job = job
            self.storage = storage
            self.school = school
        }

        /// The duty of running this job: one per job, and per school for a school's own plugin
        /// (`refresh feed@jefferson`).
        var duty: Duty { .job(plugin: pluginID, name: school.map { "\(job.name)@\($0.id)" } ?? job.name) }
    }

    /// The jobs it runs, each with its storage (and school).
    package let entries: [Entry]
    let school: SchoolCalendar
    let clock: any HomeroomClock
    let outbox: Outbox
    let fetcher: any HTTPFetching
    let roster: any DutyRoster
    let logger: Logger
    /// How far back a due time the job missed while its duty moved is still run on taking it over.
    package let catchUpWindow: TimeInterval

    /// Creates a scheduler whose jobs run on whichever instance of `roster` holds each.
    /// What admins wrote, translated, for what jobs send.
    private let translations: ContentTranslations

    package init(
        entries: [Entry], school: SchoolCalendar, clock: any HomeroomClock, outbox: Outbox, fetcher: any HTTPFetching,
        roster: any DutyRoster, catchUpWindow: TimeInterval = 300, logger: Logger,
        translations: ContentTranslations = ContentTranslations()
    ) {
        self.translations = translations
        self.entries = entries
        self.fetcher = fetcher
        self.school = school
        self.clock = clock
        self.outbox = outbox
        self.roster = roster
        self.catchUpWindow = catchUpWindow
        self.logger = logger
    }

    /// Runs each job while this instance holds its duty, until the task is cancelled (and waits
    /// for cancellation when there are none).
    package func run() async {
        await withDiscardingTaskGroup { group in
            for entry in entries {
                group.addTask {
                    await roster.perform(entry.duty) { hold in try await runHeld(entry, under: hold) }
                }
            }
        }
        await waitForCancellation()
    }

    /// Runs the job named `name` of plugin `pluginID` at once, on this instance, as if it were due
    /// now (an admin's "refresh now", a test standing at a chosen instant). Returns false when
    /// there is no such job.
    package func runNow(pluginID: String, name: String) async -> Bool {
        guard let entry = entries.first(where: { $0.pluginID == pluginID && $0.job.name == name }) else { return false }
        await runJob(entry, scheduledFor: clock.now, storage: entry.storage)
        return true
    }

    /// The job's loop while `hold` lasts: a missed due time first, then each time as it comes.
    /// Ends only by cancellation (the roster cancels it when the lease is lost).
    private func runHeld(_ entry: Entry, under hold: DutyHold) async throws {
        if let missed = try await missedDueTime(of: entry, under: hold) {
            logger.info("\(entry.duty): running the \(missed) run, which fell due as the duty moved")
            await runJob(entry, scheduledFor: missed, under: hold)
        } else if entry.job.runsWhenTakenOver {
            await runJob(entry, scheduledFor: clock.now, under: hold)
        }
        var after = clock.now
        let school = entry.school?.calendar ?? school
        while let next = entry.job.schedule.nextFire(after: after, in: school) {
            try await clock.sleep(until: next)
            await runJob(entry, scheduledFor: next, under: hold)
            after = max(next, clock.now)
        }
        // No time left in the schedule: the hold is kept until the roster cancels the work.
        await waitForCancellation()
        throw CancellationError()
    }

    /// The last due time within ``catchUpWindow`` before now, when the job ran before but not for
    /// it; nil otherwise (a job never run waits for its next time, as on a first start).
    private func missedDueTime(of entry: Entry, under hold: DutyHold) async throws -> Date? {
        let now = clock.now
        let school = entry.school?.calendar ?? school
        var latest: Date?
        var candidate = entry.job.schedule.nextFire(after: now.addingTimeInterval(-catchUpWindow), in: school)
        // A cron time is a whole minute: a window of a few minutes holds a few of them.
        for _ in 0..<1440 {
            guard let time = candidate, time <= now else { break }
            latest = time
            candidate = entry.job.schedule.nextFire(after: time, in: school)
        }
        guard let latest, let last = try await JobRuns.lastRun(of: entry.duty, in: hold.database) else {
            return nil
        }
        return last < latest ? latest : nil
    }

    /// Runs the job under `hold`, its writes fenced, and records the due time as run.
    private func runJob(_ entry: Entry, scheduledFor: Date, under hold: DutyHold) async {
        let ran = await runJob(
            entry, scheduledFor: scheduledFor,
            storage: PluginStorage(
                pluginID: entry.pluginID, database: hold.database, audit: AuditLog(),
                notifications: outbox.working(under: hold), scope: entry.storage.scope))
        guard ran else { return }
        do {
            try await JobRuns.record(entry.duty, ranFor: scheduledFor, in: hold.database)
        } catch is DutyLost {
            logger.info("\(entry.duty): not recorded as run: another instance holds it now")
        } catch {
            logger.warning("\(entry.duty): recording the run for \(scheduledFor) failed: \(error)")
        }
    }

    /// Runs the job once; false when it stopped because another instance holds its duty now, or
    /// because it was cancelled (the lease was lost, or the process stops).
    @discardableResult
    private func runJob(_ entry: Entry, scheduledFor: Date, storage: PluginStorage) async -> Bool {
        var logger = logger
        logger[metadataKey: "job"] = "\(entry.pluginID).\(entry.job.name)"
        if let school = entry.school { logger[metadataKey: "school"] = "\(school.id)" }
        let services = PluginServices(
            storage: storage, school: school, clock: clock, logger: logger, fetcher: fetcher,
            translations: translations)
        // A school's own job runs in its zone, over its scope (`at` sets both).
        let context = ScheduledJob.Context(
            scheduledFor: scheduledFor, services: entry.school.map(services.at) ?? services)
        do {
            try await entry.job.run(context)
            logger.debug("scheduled job ran")
        } catch is DutyLost {
            logger.info("scheduled job stopped: another instance holds it now")
            return false
        } catch is CancellationError {
            logger.info("scheduled job cancelled")
            return false
        } catch {
            logger.error("scheduled job failed: \(error)")
        }
        return true
    }
}
