import HomeroomCore
import SQLKit

extension PinLogin {
    /// Creates `core_pins`, each identity's hashed PIN (core migration 1).
    static func createPinsTable(on db: any SQLDatabase) async throws {
        try await db.create(table: pinsTable)
            .column("identity", type: .text, .primaryKey(autoIncrement: false))
            .column("hash", type: .text, .notNull).column("set_at", type: .bigint, .notNull).run()
    }

    /// Creates `core_login_failures`, the wrong-PIN counts and locks (core migration 1).
    static func createFailuresTable(on db: any SQLDatabase) async throws {
        try await db.create(table: failuresTable)
            .column("identity", type: .text, .primaryKey(autoIncrement: false))
            .column("failures", type: .int, .notNull).column("locked_until", type: .bigint)
            .column("last_failure_at", type: .bigint, .notNull).run()
    }

    /// `lockouts`: how many locks in a row the identity has had, so that each lasts longer than
    /// the one before (``LoginPolicy/lockout(afterLocks:)``).
    static let lockoutsColumn = Migration(10, "locks in a row per identity, so that each lasts longer") { context in
        try await context.database.alter(table: failuresTable)
            .column("lockouts", type: .int, .notNull, .default(0)).run()
    }
}
