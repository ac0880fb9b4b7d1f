import HomeroomCore
import SQLKit

/// A full-text index in an SQLite FTS5 table: `unicode61` words with diacritics folded, ranked by BM25.
struct SQLiteFullTextIndex: FullTextIndex {
    let table: String
    let fields: [String]

    func create(in db: any SQLDatabase) async throws {
        let columns = fields.map { SQLIdentifier($0) }
        try await db.raw(
            "CREATE VIRTUAL TABLE \(ident: table) USING fts5(\(SQLList(columns)), tokenize = 'unicode61 remove_diacritics 2')"
        ).run()
    }

    func replace(_ id: Int64, fields values: [String], in db: any SQLDatabase) async throws {
        precondition(values.count == fields.count, "\(table) has \(fields.count) fields, not \(values.count)")
        try await remove(id, in: db)
        try await db.insert(into: table).columns(["rowid"] + fields)
            .values([SQLBind(id)] + values.map { SQLBind($0) as any SQLExpression }).run()
    }

    func remove(_ id: Int64, in db: any SQLDatabase) async throws {
        try await db.delete(from: table).where(SQLColumn("rowid"), .equal, SQLBind(id)).run()
    }

    func search(_ query: String, limit: Int, in db: any SQLDatabase) async throws -> [Int64] {
        let words = searchQueryWords(in: query)
        guard !words.isEmpty else { return [] }
        // Each word quoted (so nothing in it is an FTS5 operator); the last one a prefix.
        let match = words.enumerated().map { "\"\($1)\"\($0 == words.count - 1 ? "*" : "")" }.joined(separator: " ")
        // Ties go by id, as on PostgreSQL, so that the best `n` hits are the first `n` of any longer list.
        return try await db.raw(
            "SELECT rowid AS id FROM \(ident: table) WHERE \(ident: table) MATCH \(bind: match) ORDER BY bm25(\(ident: table)), rowid LIMIT \(bind: limit)"
        ).all().map { try $0.decode(column: "id", as: Int64.self) }
    }
}
