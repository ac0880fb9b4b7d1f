import Foundation
import HomeroomCore
import SQLKit

extension RosterBook {
    /// What sending a notice to families came to.
    package struct NoticeFanOut: Sendable, Equatable {
        /// Guardians the notice was queued for, each once.
        package var queued = 0
        /// Guardians queued by an earlier call with the same key, left as they were.
        package var alreadyQueued = 0
        /// Guardians the roster gives no number or address, who cannot be reached.
        package var unreachable = 0
    }

    /// Queues `lines` for each guardian of the students in `grade` (at `school`, or anywhere when
    /// nil), once per guardian however many of their students are in it, on the contact they
    /// chose (``NotifyChoice``): all in one transaction with `audit`, each row keyed
    /// `notice:KEY:GUARDIAN`, so that a second call with the same `key` (a retry after a crash)
    /// queues nothing twice, and the outbox delivers each row once more at most after a crash.
    package func queueNotice(
        _ lines: [String], toFamiliesOfGrade grade: String, at school: String?, key: String, outbox: Outbox,
        now: Date, audit: AuditEntry
    ) async throws -> NoticeFanOut {
        let families = try await families(ofGrade: grade, at: school)
        let targets = try await notifyTargets(of: families)
        return try await database.write { db in
            var fanOut = NoticeFanOut(unreachable: families.count - targets.count)
            for (person, target) in targets {
                let queued = try await outbox.enqueue(
                    adapter: target.adapter, target: .user(target), lines: lines,
                    idempotencyKey: "notice:\(key):\(person.sourcedID)", due: now, into: db)
                if queued { fanOut.queued += 1 } else { fanOut.alreadyQueued += 1 }
            }
            try await AuditLog.insert(audit, into: db)
            return fanOut
        }
    }
}
