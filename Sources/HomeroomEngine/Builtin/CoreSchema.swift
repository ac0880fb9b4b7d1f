import HomeroomCore
import SQLKit

/// The core tables' migrations in the order, with the numbers and names, they were released with.
/// Each table's schema sits beside the code that queries it; this list only says which step makes
/// what, and must never change for a released step (Tests/Fixtures/core-schema holds what they made).
package enum CoreSchema {
    /// Every core migration. `storageTables` creates the tables HomeroomStorage queries itself (the
    /// duty leases and the instances alive), in step 6 where they always were.
    package static func migrations(
        storageTables: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) -> [Migration] {
        [
            Migration(1, "roles, PINs, logins, audit log, channel switches") { context in
                let db = context.database
                try await AccessDirectory.createRolesTable(on: db)
                try await PinLogin.createPinsTable(on: db)
                try await AccessDirectory.createSessionsTable(on: db)
                try await PinLogin.createFailuresTable(on: db)
                try await AuditLog.createTable(on: db)
                try await ChannelSwitchboard.createTable(on: db)
            },
            Outbox.migration,
            SubscriptionBook.migration,
            IdentityLinks.migration,
            PendingConfirmations.migration,
            InstanceSchema.migration(storageTables: storageTables),
            JobRuns.migration,
            AdapterState.migration,
            AdapterState.personColumn,
            PinLogin.lockoutsColumn,
            PersonLanguages.migration,
            ContentTranslationBook.migration,
            WebConsoleSignIns.migration,
            SchoolAssignments.migration,
            RosterBook.migration,
            Migration(16, "changed days of plugins' content, and the change alerts sent for them") { context in
                try await ContentChanges.createTable(on: context.database)
                try await SentSubscription.createAlertsTable(on: context.database)
            },
            AnnouncementBook.migration,
            Outbox.deliveryReportMigration,
        ]
    }
}
