import SQLKit

/// Changes to the wrong-PIN counts, `core_login_failures`, after the core's first schema.
enum LoginFailuresSchema {
    /// `lockouts`: how many locks in a row the identity has had, so that each lasts longer than
    /// the one before (``LoginPolicy/lockout(afterLocks:)``).
    static let lockoutsColumn = Migration(10, "locks in a row per identity, so that each lasts longer") { context in
        try await context.database.alter(table: PinLogin.failuresTable)
            .column("lockouts", type: .int, .notNull, .default(0)).run()
    }
}
