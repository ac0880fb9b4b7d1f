import SQLKit

/// One numbered step of a plugin's schema. Migrations run at start-up in order, each in its own
/// transaction, and each is recorded in `homeroom_migrations` so that it runs once.
public struct Migration: Sendable {
    /// What a migration's body receives: the start-up transaction and the plugin's table names.
    ///
    /// It carries no ``PluginServices``: migrations run before the school's services start, and
    /// reading or writing through ``PluginStorage`` would open a second transaction beside this one.
    /// A schema step needs neither the clock, nor the outbox, nor the network.
    public struct Context: Sendable {
        /// The transaction to run the schema changes in.
        public let database: any SQLDatabase
        /// The plugin's id.
        public let pluginID: String
        /// The database the transaction belongs to, for the backend-specific pieces.
        let store: any Database

        /// Creates a context for the migrations of `pluginID`, running in the transaction `database` of `store`.
        package init(database: any SQLDatabase, store: any Database, pluginID: String) {
            self.database = database
            self.store = store
            self.pluginID = pluginID
        }

        /// The backend, for the rare statement that differs.
        public var backend: DatabaseBackend { store.backend }

        /// The plugin's full-text index `name` (see ``PluginStorage/fullTextIndex(_:fields:)``); call
        /// ``FullTextIndex/create(in:)`` with ``database`` on it.
        public func fullTextIndex(_ name: String, fields: [String]) -> any FullTextIndex {
            store.fullTextIndex(table: table(name), fields: fields)
        }

        /// The full name of one of the plugin's tables (see ``PluginStorage/table(_:)``).
        public func table(_ name: String) -> String { PluginStorage.table(name, of: pluginID) }
    }

    /// The step's number; numbers start at 1 and never change once released.
    public let version: Int
    /// A short description, recorded with the step.
    public let name: String
    /// The schema change.
    public let apply: @Sendable (Context) async throws -> Void

    /// Declares a migration.
    public init(_ version: Int, _ name: String, apply: @escaping @Sendable (Context) async throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}
