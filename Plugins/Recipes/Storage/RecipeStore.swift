import Foundation
import HomeroomCore
import Logging
import Recipes
import SQLKit

/// The recipes plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `recipes_book`: the recipes of each scope's book (a school's, or a group of schools'),
///   unique in it by source (a page's address, or the book and title), each kept as its JSON form
///   with the columns filters need (`minutes`: the time to make it).
/// - `recipes_search`: the full-text index over title, summary, ingredients and tags, of every
///   book: a search keeps the hits of the storage's scope.
/// - `recipes_sessions`: who is cooking what, and on which step: a person's, whichever school
///   they ask at.
///
/// Every query of the book reads and writes the storage's scope alone, but for the recipe a
/// session cooks (``sessionRecipe(_:)``).
///
/// What is read back is not trusted more than a page: a stored recipe that no longer decodes is
/// skipped, one is held to ``RecipeLimits`` again, and a session's step is kept in range.
struct RecipeStore: Sendable {
    let storage: PluginStorage
    /// Where a stored recipe that had to be skipped or limited is reported.
    var logger: Logger?

    /// The fields of the search index, in the order ``save(_:by:at:on:)`` fills them.
    static let searchFields = ["title", "summary", "ingredients", "tags"]

    var search: any FullTextIndex { storage.fullTextIndex("search", fields: Self.searchFields) }

    /// The column the book keeps its scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    static func migrations() -> [Migration] {
        [
            Migration(1, "recipe book, search and cooking sessions") { context in
                let db = context.database
                try await db.create(table: context.table("book"))
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("source_key", type: .text, .notNull, .unique).column("title", type: .text, .notNull)
                    .column("recipe", type: .text, .notNull).column("added_by", type: .text, .notNull)
                    .column("added_at", type: .bigint, .notNull).run()
                try await context.fullTextIndex("search", fields: searchFields).create(in: db)
                try await db.create(table: context.table("sessions"))
                    .column("user_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("recipe_id", type: .bigint, .notNull).column("step", type: .int, .notNull)
                    .column("started_at", type: .bigint, .notNull).run()
            },
            Migration(2, "time to make each recipe, for filtering searches") { context in
                let table = context.table("book")
                try await context.database.alter(table: table).column("minutes", type: .bigint).run()
                try await fillMinutes(of: table, in: context.database)
            },
            // Rebuilt, so that two books may hold the same page; every recipe keeps its number,
            // which the index and cooking sessions hold.
            Migration(3, "a recipe book per school or group") { context in
                try await context.addScope(
                    to: "book", columns: ["id", "source_key", "title", "recipe", "added_by", "added_at", "minutes"]
                ) {
                    $0.column(scope, type: .text, .notNull)
                        .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                        .column("source_key", type: .text, .notNull).column("title", type: .text, .notNull)
                        .column("recipe", type: .text, .notNull).column("added_by", type: .text, .notNull)
                        .column("added_at", type: .bigint, .notNull).column("minutes", type: .bigint)
                        .unique(scope, "source_key")
                }
                // SQLite's AUTOINCREMENT counts on from the copied numbers; PostgreSQL's identity is told.
                if context.backend == .postgres {
                    let table = context.table("book")
                    try await context.database.raw(
                        """
                        SELECT setval(pg_get_serial_sequence(\(bind: table), 'id'),
                            COALESCE((SELECT MAX(id) FROM \(ident: table)), 0) + 1, false)
                        """
                    ).run()
                }
            },
        ]
    }

    /// Sets `minutes` of every recipe in `table` from its JSON form, as ``recipes(_:)`` reads it;
    /// a recipe that cannot be read keeps none (and is skipped when read).
    private static func fillMinutes(of table: String, in db: any SQLDatabase) async throws {
        let decoder = JSONDecoder()
        for row in try await db.select().columns("id", "recipe").from(table).all() {
            let id = try row.decode(column: "id", as: Int64.self)
            guard
                let stored = try? decoder.decode(
                    Recipe.self, from: Data(try row.decode(column: "recipe", as: String.self).utf8)),
                let minutes = stored.limited().recipe.minutesToMake
            else { continue }
            try await db.update(table).set("minutes", to: SQLBind(minutes)).where("id", .equal, id).run()
        }
    }

    /// What saving a recipe did.
    enum SaveOutcome: Sendable, Equatable {
        case added(Int64)
        case updated(Int64)
    }

    /// The key that makes an import idempotent: the page's address, else the source and title.
    static func sourceKey(of recipe: Recipe) -> String {
        if let source = recipe.source, let url = URL(string: source), url.isWebAddress { return source }
        return "book:\(recipe.source ?? ""):\(recipe.title.lowercased())"
    }

    /// Inserts `recipe`, or replaces the one from the same source, with its index entry.
    func save(_ recipe: Recipe, by user: String, at now: Date, on db: any SQLDatabase) async throws -> SaveOutcome {
        let table = storage.table("book")
        let key = Self.sourceKey(of: recipe)
        let json = String(decoding: try JSONEncoder().encode(recipe), as: UTF8.self)
        let existing = try await db.select().column("id").from(table).where(Self.scope, .equal, scope)
            .where("source_key", .equal, key).first()
        let outcome: SaveOutcome
        if let existing {
            let id = try existing.decode(column: "id", as: Int64.self)
            try await db.update(table).set("title", to: SQLBind(recipe.title)).set("recipe", to: SQLBind(json))
                .set("minutes", to: SQLBind(recipe.minutesToMake)).where("id", .equal, id).run()
            outcome = .updated(id)
        } else {
            let rows = try await db.insert(into: table)
                .columns(Self.scope, "source_key", "title", "recipe", "minutes", "added_by", "added_at")
                .values(
                    scope, SQLBind(key), SQLBind(recipe.title), SQLBind(json), SQLBind(recipe.minutesToMake),
                    SQLBind(user),
                    SQLBind(Int64(now.timeIntervalSince1970))
                )
                .returning("id").all()
            outcome = .added(try rows[0].decode(column: "id", as: Int64.self))
        }
        let id: Int64 =
            switch outcome {
            case .added(let id), .updated(let id): id
            }
        try await search.replace(
            id,
            fields: [
                recipe.title, recipe.summary ?? "", recipe.ingredients.joined(separator: "\n"),
                recipe.tags.joined(separator: ", "),
            ], in: db)
        return outcome
    }

    /// Deletes recipe `id` of this book with its index entry and the sessions cooking it; false when
    /// there was none.
    func remove(_ id: Int64, on db: any SQLDatabase) async throws -> Bool {
        guard
            try await db.select().column("id").from(storage.table("book")).where(Self.scope, .equal, scope)
                .where("id", .equal, id).first() != nil
        else { return false }
        try await search.remove(id, in: db)
        try await db.delete(from: storage.table("sessions")).where("recipe_id", .equal, id).run()
        try await db.delete(from: storage.table("book")).where("id", .equal, id).run()
        return true
    }

    /// Recipe `id` of this book.
    func recipe(_ id: Int64) async throws -> Recipe? {
        try await recipes([id])[id]
    }

    /// Recipe `id` of whichever book, for the session cooking it: a session is the person's, begun
    /// from a book they could read, and goes on wherever they ask.
    func sessionRecipe(_ id: Int64) async throws -> Recipe? {
        try await recipes([id], inEveryBook: true)[id]
    }

    /// The recipes of this book (of every book when `inEveryBook`) with these ids.
    func recipes(_ ids: [Int64], inEveryBook: Bool = false) async throws -> [Int64: Recipe] {
        guard !ids.isEmpty else { return [:] }
        let table = storage.table("book")
        let scope = inEveryBook ? nil : scope
        let rows = try await storage.read { db in
            let query = db.select().columns("id", "recipe").from(table).where("id", .in, ids)
            if let scope { query.where(Self.scope, .equal, scope) }
            return try await query.all()
        }
        var recipes: [Int64: Recipe] = [:]
        let decoder = JSONDecoder()
        for row in rows {
            let id = try row.decode(column: "id", as: Int64.self)
            let stored: Recipe
            do {
                stored = try decoder.decode(
                    Recipe.self, from: Data(try row.decode(column: "recipe", as: String.self).utf8))
            } catch {
                logger?.warning(
                    "stored recipe skipped: it cannot be read", metadata: ["recipe": "\(id)", "error": "\(error)"])
                continue
            }
            let (recipe, warnings) = stored.limited()
            for warning in warnings {
                logger?.warning("stored recipe limited", metadata: ["recipe": "\(id)", "problem": "\(warning)"])
            }
            recipes[id] = recipe
        }
        return recipes
    }

    /// Of `ids`, those of this book's recipes made in at most `minutes`, in the order given.
    func ids(_ ids: [Int64], madeWithin minutes: Int) async throws -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let table = storage.table("book")
        let scope = scope
        let quick = try await storage.read { db in
            try await db.select().column("id").from(table).where(Self.scope, .equal, scope).where("id", .in, ids)
                .where("minutes", .lessThanOrEqual, minutes).all().map { try $0.decode(column: "id", as: Int64.self) }
        }
        let kept = Set(quick)
        return ids.filter(kept.contains)
    }

    /// Every recipe's id of this book by title; only those made in at most `minutes` when it is given.
    func idsByTitle(madeWithin minutes: Int?) async throws -> [Int64] {
        let table = storage.table("book")
        let scope = scope
        return try await storage.read { db in
            var query = db.select().column("id").from(table).where(Self.scope, .equal, scope)
            if let minutes { query = query.where("minutes", .lessThanOrEqual, minutes) }
            return try await query.orderBy("title").all().map { try $0.decode(column: "id", as: Int64.self) }
        }
    }

    /// Every recipe's id and title of this book, by title.
    func titles() async throws -> [(id: Int64, title: String)] {
        let table = storage.table("book")
        let scope = scope
        return try await storage.read { db in
            try await db.select().columns("id", "title").from(table).where(Self.scope, .equal, scope).orderBy("title")
                .all().map {
                    (try $0.decode(column: "id", as: Int64.self), try $0.decode(column: "title", as: String.self))
                }
        }
    }

    /// The ids of the recipes of every book matching all of `words`, best first: ``recipes(_:inEveryBook:)``
    /// and ``ids(_:madeWithin:)`` keep this book's.
    func matching(_ words: String, limit: Int) async throws -> [Int64] {
        let search = self.search
        return try await storage.read { db in try await search.search(words, limit: limit, in: db) }
    }

    // MARK: Cooking sessions

    /// The recipe a user is cooking and the step they are on (0-based, within
    /// ``RecipeLimits/maximumSteps`` whatever was stored).
    func session(of user: String) async throws -> (recipe: Int64, step: Int)? {
        let table = storage.table("sessions")
        return try await storage.read { db in
            guard
                let row = try await db.select().columns("recipe_id", "step").from(table)
                    .where("user_id", .equal, user).first()
            else { return nil }
            let step = try row.decode(column: "step", as: Int.self)
            return (
                try row.decode(column: "recipe_id", as: Int64.self),
                min(max(step, 0), RecipeLimits.maximumSteps - 1)
            )
        }
    }

    /// Starts or moves a user's session.
    func setSession(of user: String, recipe: Int64, step: Int, at now: Date) async throws {
        let table = storage.table("sessions")
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, user).run()
            try await db.insert(into: table).columns("user_id", "recipe_id", "step", "started_at")
                .values(SQLBind(user), SQLBind(recipe), SQLBind(step), SQLBind(Int64(now.timeIntervalSince1970))).run()
        }
    }

    /// Ends a user's session; false when there was none.
    func endSession(of user: String) async throws -> Bool {
        let table = storage.table("sessions")
        return try await storage.write { db in
            let had = try await db.select().column("user_id").from(table).where("user_id", .equal, user).first() != nil
            try await db.delete(from: table).where("user_id", .equal, user).run()
            return had
        }
    }
}
