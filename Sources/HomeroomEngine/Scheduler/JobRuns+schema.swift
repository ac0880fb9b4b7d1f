import HomeroomCore
import SQLKit

extension JobRuns {
    /// Creates `core_job_runs`: for each scheduled job, the last due time it ran for (DESIGN.md,
    /// Several instances). An instance that takes a job's duty over runs at once a time that fell
    /// due while the duty was moving, unless the former holder recorded it as run.
    static let migration = Migration(7, "the last due time each scheduled job ran for") { context in
        try await context.database.create(table: table)
            .column("job", type: .text, .primaryKey(autoIncrement: false))
            .column("scheduled_for", type: .bigint, .notNull).run()
    }
}
