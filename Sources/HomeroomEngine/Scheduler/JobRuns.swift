import Foundation
import HomeroomCore
import SQLKit

/// The last due time each scheduled job ran for, in `core_job_runs` (seconds since 1970), keyed
/// by the job's duty: what an instance taking the duty over reads to run a time that fell due
/// while the duty was moving.
enum JobRuns {
    static let table = "core_job_runs"

    /// The last due time `duty`'s job was recorded as run for; nil when it never was.
    static func lastRun(of duty: Duty, in database: any Database) async throws -> Date? {
        try await database.read { db in
            try await db.select().column("scheduled_for").from(table).where("job", .equal, SQLBind(duty.name))
                .first()
                .map { Date(timeIntervalSince1970: TimeInterval(try $0.decode(column: "scheduled_for", as: Int64.self))) }
        }
    }

    /// Records that `duty`'s job ran for `scheduledFor`, through `database` (under a hold, a write
    /// refused once the lease has passed on).
    static func record(_ duty: Duty, ranFor scheduledFor: Date, in database: any Database) async throws {
        let seconds = Int64(scheduledFor.timeIntervalSince1970.rounded(.down))
        try await database.write { db in
            try await db.insert(into: table).columns("job", "scheduled_for").values(SQLBind(duty.name), SQLBind(seconds))
                .onConflict(with: "job") { $0.set(excludedValueOf: "scheduled_for") }
                .run()
        }
    }
}
