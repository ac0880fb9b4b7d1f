import HomeroomCore
import SQLKit

/// A full-text index in a PostgreSQL table of `tsvector`s (the `simple` configuration, so words
/// match as written, like SQLite's), with a GIN index, ranked by `ts_rank`.
struct PostgresFullTextIndex: FullTextIndex {
    let table: String
    let fields: [String]

    func create(in db: any SQLDatabase) async throws {
        try await db.create(table: table)
            .column("id", type: .bigint, .primaryKey(autoIncrement: false))
            .column("document", type: .custom(SQLRaw("TSVECTOR")), .notNull).run()
        try await db.raw("CREATE INDEX \(ident: table + "_document") ON \(ident: table) USING GIN (document)").run()
    }

    func replace(_ id: Int64, fields values: [String], in db: any SQLDatabase) async throws {
        precondition(values.count == fields.count, "\(table) has \(fields.count) fields, not \(values.count)")
        try await remove(id, in: db)
        // Words are normalised the same way as queries, so both backends see the same words.
        let document = values.map { searchWords(in: $0).joined(separator: " ") }.joined(separator: " ")
        try await db.raw(
            "INSERT INTO \(ident: table) (id, document) VALUES (\(bind: id), to_tsvector('simple', \(bind: document)))"
        ).run()
    }

    func remove(_ id: Int64, in db: any SQLDatabase) async throws {
        try await db.delete(from: table).where("id", .equal, SQLBind(id)).run()
    }

    func search(_ query: String, limit: Int, in db: any SQLDatabase) async throws -> [Int64] {
        let words = searchQueryWords(in: query)
        guard !words.isEmpty else { return [] }
        // Each word quoted as a lexeme (so nothing in it is an operator); the last one a prefix.
        let lexemes = words.enumerated().map { "'\($1)'\($0 == words.count - 1 ? ":*" : "")" }.joined(separator: " & ")
        return try await db.raw(
            """
            SELECT id FROM \(ident: table), to_tsquery('simple', \(bind: lexemes)) AS query
            WHERE document @@ query ORDER BY ts_rank(document, query) DESC, id LIMIT \(bind: limit)
            """
        ).all().map { try $0.decode(column: "id", as: Int64.self) }
    }
}
