import SQLKit

extension Migration.Context {
    /// Gives the plugin's table `name` a ``PluginStorage/scopeColumn`` in front of its key: a new
    /// table is made by `create` (which declares the scope column and the key that includes it),
    /// every row is copied into it under the scope of a district of one
    /// (``School/soleSchoolID``), the old table is dropped and the new one takes its name.
    /// `columns` are the table's columns before the step; nothing is lost, on SQLite and PostgreSQL alike.
    public func addScope(
        to name: String, columns: [String],
        create: (SQLCreateTableBuilder) -> SQLCreateTableBuilder
    ) async throws {
        let table = table(name)
        let rebuilt = "\(table)_scoped"
        try await create(database.create(table: rebuilt)).run()
        let listed = SQLList(columns.map { SQLIdentifier($0) })
        try await database.raw(
            """
            INSERT INTO \(ident: rebuilt) (\(ident: PluginStorage.scopeColumn), \(listed))
            SELECT \(bind: School.soleSchoolID), \(listed) FROM \(ident: table)
            """
        ).run()
        try await database.drop(table: table).run()
        try await database.raw("ALTER TABLE \(ident: rebuilt) RENAME TO \(ident: table)").run()
    }
}
