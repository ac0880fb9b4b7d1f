import HomeroomCore
import HomeroomEngine
import HomeroomStorage

extension CorePlugin {
    /// The core tables' migrations, which run before any plugin's: `CoreSchema`'s list, with the
    /// tables HomeroomStorage queries itself (its `LeaseTable`) made in the step that always made them.
    package static let schemaMigrations = CoreSchema.migrations { try await LeaseTable.createTables(on: $0) }
}
