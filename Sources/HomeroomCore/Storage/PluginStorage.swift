import SQLKit

/// A plugin's view of the database: the shared connection and the names of the plugin's own tables.
///
/// Each plugin owns the tables whose names start with its id and an underscore (`lunch_menus`);
/// ``table(_:)`` builds those names so that a plugin never spells another plugin's table.
public struct PluginStorage: Sendable {
    /// The id of the plugin the tables belong to.
    public let pluginID: String
    /// The database.
    package let database: any Database

    /// Creates the storage view of one plugin.
    package init(pluginID: String, database: any Database) {
        self.pluginID = pluginID
        self.database = database
    }

    /// The full name of one of this plugin's tables: `table("menus")` is `lunch_menus` for the lunch plugin.
    public func table(_ name: String) -> String { "\(pluginID)_\(name)" }

    /// The plugin's full-text index `name` (its table is `plugin_name`), over `fields`.
    public func fullTextIndex(_ name: String, fields: [String]) -> any FullTextIndex {
        database.fullTextIndex(table: table(name), fields: fields)
    }

    /// Runs reads; see ``Database/read(_:)``.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await database.read(body)
    }

    /// Runs one transaction; see ``Database/write(_:)``.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await database.write(body)
    }
}
