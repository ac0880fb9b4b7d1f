import SQLKit

/// Where a plugin records its admin changes: the runtime's audit log (`core_audit`).
///
/// A plugin reaches it as ``PluginStorage/audit`` and inserts an ``AuditEntry`` in the same
/// transaction as the change it describes, so that the change and its record are kept or lost together:
///
/// ```swift
/// try await storage.write { db in
///     try await saveMenu(menu, on: db)
///     try await storage.audit.insert(audit, into: db)
/// }
/// ```
public protocol AuditTrail: Sendable {
    /// Inserts `entry` in the caller's transaction `database`.
    func insert(_ entry: AuditEntry, into database: any SQLDatabase) async throws
}
