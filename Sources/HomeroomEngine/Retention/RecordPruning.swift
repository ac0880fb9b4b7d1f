import Foundation
import HomeroomCore
import SQLKit

/// Deletes what a ``RetentionPolicy`` no longer keeps, in one transaction.
enum RecordPruning {
    /// How many rows of each kind one run deleted.
    struct Removed: Equatable, CustomStringConvertible {
        var deliveredNotifications = 0
        var linkCodes = 0
        var confirmations = 0
        var auditEntries = 0

        var description: String {
            "\(deliveredNotifications) delivered notifications, \(linkCodes) link codes, "
                + "\(confirmations) confirmations, \(auditEntries) audit entries"
        }
    }

    /// Deletes the records `policy` no longer keeps at `now`.
    static func prune(_ policy: RetentionPolicy, at now: Date, in database: any Database) async throws -> Removed {
        let nowSeconds = Int64(now.timeIntervalSince1970)
        let deliveredBefore = Self.seconds(before: now, by: policy.deliveredNotifications)
        let auditBefore = policy.auditLog.map { Self.seconds(before: now, by: $0) }
        return try await database.write { db in
            var removed = Removed()
            removed.deliveredNotifications = try await db.delete(from: Outbox.table)
                .where("state", .equal, SQLBind(Outbox.State.delivered.rawValue))
                .where("delivered_at", .lessThan, SQLBind(deliveredBefore)).returning("id").all().count
            removed.linkCodes = try await db.delete(from: IdentityLinks.codesTable)
                .where("expires_at", .lessThanOrEqual, SQLBind(nowSeconds)).returning("digest").all().count
            removed.confirmations = try await db.delete(from: PendingConfirmations.table)
                .where("expires_at", .lessThanOrEqual, SQLBind(nowSeconds)).returning("identity").all().count
            if let auditBefore {
                removed.auditEntries = try await db.delete(from: AuditLog.table)
                    .where("at", .lessThan, SQLBind(auditBefore)).returning("id").all().count
            }
            return removed
        }
    }

    /// `now` less `interval`, in whole seconds since 1970; a retention longer than the clock's
    /// past keeps everything.
    private static func seconds(before now: Date, by interval: TimeInterval) -> Int64 {
        let instant = now.timeIntervalSince1970 - max(0, interval)
        return instant.isFinite && instant > 0 ? Int64(instant) : 0
    }
}
