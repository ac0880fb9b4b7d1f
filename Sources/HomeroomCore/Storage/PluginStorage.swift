import SQLKit

/// A plugin's view of the database: the shared connection, the names of the plugin's own tables,
/// and the runtime's audit log and outbox, which a plugin writes in its own transactions.
///
/// Each plugin owns the tables whose names start with its id and an underscore (`lunch_menus`);
/// ``table(_:)`` builds those names so that a plugin never spells another plugin's table.
public struct PluginStorage: Sendable {
    /// The id of the plugin the tables belong to.
    public let pluginID: String
    /// The database.
    package let database: any Database
    /// The audit log: insert an admin change's ``AuditEntry`` in the transaction that makes the change.
    public let audit: any AuditTrail
    /// The outbox: enqueue a notification in the transaction that causes it.
    public let notifications: any NotificationOutbox
    /// Where an admin's translations of what they wrote are kept (an import's columns per language).
    public let translations: any ContentTranslationRecording
    /// The scope of the data read and written here: the school's id, or the group of schools
    /// sharing this plugin's data (``School/scope(of:)``). A plugin whose data belongs to a school
    /// keeps it in a ``scopeColumn`` and reads and writes only this scope's rows.
    public let scope: String

    /// The column a plugin's per-school rows keep their ``scope`` in.
    public static let scopeColumn = "scope"

    /// Creates the storage view of one plugin, whose audit entries go to `audit` and notifications to
    /// `notifications`.
    package init(
        pluginID: String, database: any Database, audit: any AuditTrail, notifications: any NotificationOutbox,
        translations: any ContentTranslationRecording = UnkeptContentTranslations(),
        scope: String = School.soleSchoolID
    ) {
        self.scope = scope
        self.translations = translations
        self.pluginID = pluginID
        self.database = database
        self.audit = audit
        self.notifications = notifications
    }

    /// The same storage over the tables of plugin `pluginID`.
    package func handingOver(to pluginID: String) -> PluginStorage {
        PluginStorage(
            pluginID: pluginID, database: database, audit: audit, notifications: notifications,
            translations: translations, scope: scope)
    }

    /// The same storage over the data of `scope` (another school, or the group it shares).
    package func scoped(to scope: String) -> PluginStorage {
        PluginStorage(
            pluginID: pluginID, database: database, audit: audit, notifications: notifications,
            translations: translations, scope: scope)
    }

    /// The full name of one of this plugin's tables: `table("menus")` is `lunch_menus` for the lunch plugin.
    public func table(_ name: String) -> String { Self.table(name, of: pluginID) }

    /// The full name of plugin `pluginID`'s table `name`.
    static func table(_ name: String, of pluginID: String) -> String { "\(pluginID)_\(name)" }

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
