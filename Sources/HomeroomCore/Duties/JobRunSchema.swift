import SQLKit

/// The core table that records, for each scheduled job, the last due time it ran for
/// (DESIGN.md, Several instances): an instance that takes a job's duty over runs at once a time
/// that fell due while the duty was moving, unless the former holder recorded it as run.
enum JobRunSchema {
    static let migration = Migration(7, "the last due time each scheduled job ran for") { context in
        try await context.database.create(table: JobRuns.table)
            .column("job", type: .text, .primaryKey(autoIncrement: false))
            .column("scheduled_for", type: .bigint, .notNull).run()
    }
}
