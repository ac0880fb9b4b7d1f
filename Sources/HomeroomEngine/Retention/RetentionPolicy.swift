import Foundation

/// How long Homeroom keeps records it no longer needs. The daily "prune expired records" job
/// applies it:
/// - delivered notifications (they may hold private circle posts) are deleted ``deliveredNotifications``
///   after delivery; notifications that are waiting or were given up stay for `/admin outbox`;
/// - one-time link codes and confirmation questions are deleted once they have expired (only
///   their digests and deadlines are stored, and nothing reads them after that);
/// - the audit log is kept, unless ``auditLog`` sets how long.
package struct RetentionPolicy: Sendable, Equatable {
    /// How long a delivered notification is kept after its delivery.
    package var deliveredNotifications: TimeInterval
    /// How long an audit entry is kept; nil keeps the audit log for good.
    package var auditLog: TimeInterval?

    /// The defaults: delivered notifications for 30 days, the audit log for good.
    package init(deliveredNotifications: TimeInterval = 30 * 86_400, auditLog: TimeInterval? = nil) {
        self.deliveredNotifications = deliveredNotifications
        self.auditLog = auditLog
    }
}
