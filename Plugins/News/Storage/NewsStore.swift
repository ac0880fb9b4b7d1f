import Foundation
import HomeroomCore
import SQLKit

/// The news plugin's queries, written once for SQLite and PostgreSQL.
///
/// - `news_sources`: the feeds, their validators and their health, each of one scope (a school,
///   or the group of schools sharing news); a feed's address and name stay unique across scopes.
/// - `news_stories`: stories, unique by source and key (the feed's guid, else its link); a story
///   is its source's scope's.
/// - `news_search`: the full-text index over titles, summaries and article texts.
/// - `news_subscriptions`: who gets new stories (a channel or a user, on one adapter; all
///   sources or one).
/// - `news_readers`: the article each user is reading and the page they are on, for `/more`.
///
/// Every query reads and writes the storage's scope alone, but for the poll: it keeps every
/// scope's sources fresh (``everySource()``) and saves what it finds by source number.
struct NewsStore: Sendable {
    let storage: PluginStorage

    /// The column sources keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    var search: any FullTextIndex { storage.fullTextIndex("search", fields: ["title", "text"]) }

    static func migrations() -> [Migration] {
        [
            Migration(1, "sources, stories, search, subscriptions and readers") { context in
                let db = context.database
                try await db.create(table: context.table("sources"))
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("url", type: .text, .notNull, .unique).column("name", type: .text, .notNull, .unique)
                    .column("etag", type: .text).column("last_modified", type: .text)
                    .column("checked_at", type: .bigint).column("last_error", type: .text)
                    .column("added_by", type: .text, .notNull).column("added_at", type: .bigint, .notNull).run()
                try await db.create(table: context.table("stories"))
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("source_id", type: .bigint, .notNull).column("story_key", type: .text, .notNull)
                    .column("title", type: .text, .notNull).column("link", type: .text).column("author", type: .text)
                    .column("published_at", type: .bigint, .notNull).column("summary", type: .text, .notNull)
                    .column("body", type: .text).column("first_seen_at", type: .bigint, .notNull)
                    .unique("source_id", "story_key").run()
                try await db.create(index: context.table("stories_published")).on(context.table("stories"))
                    .column("published_at").run()
                try await context.fullTextIndex("search", fields: ["title", "text"]).create(in: db)
                try await db.create(table: context.table("subscriptions"))
                    .column("adapter", type: .text, .notNull).column("target", type: .text, .notNull)
                    .column("source_id", type: .bigint, .notNull).column("created_by", type: .text, .notNull)
                    .primaryKey("adapter", "target", "source_id").run()
                try await db.create(table: context.table("readers"))
                    .column("user_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("story_id", type: .bigint, .notNull).column("page", type: .int, .notNull).run()
            },
            // Added in place, so sources keep their numbers, which stories and subscriptions hold.
            Migration(2, "news sources per school or group") { context in
                try await context.database.alter(table: context.table("sources"))
                    .column(scope, type: .text, .notNull, .default(School.soleSchoolID)).run()
            },
        ]
    }

    // MARK: Sources

    private static let sourceColumns = ["id", "url", "name", "etag", "last_modified", "last_error"]

    /// This scope's sources, by name.
    func sources(on db: (any SQLDatabase)? = nil) async throws -> [NewsSource] {
        let scope = scope
        return try await sources(on: db) { $0.where(Self.scope, .equal, scope) }
    }

    /// Every scope's sources, by name: what the poll keeps fresh, and the addresses and names
    /// taken.
    func everySource() async throws -> [NewsSource] {
        try await sources(on: nil) { $0 }
    }

    /// The sources `refine` keeps, by name, read on `db` (else in a read of their own).
    private func sources(
        on db: (any SQLDatabase)?, _ refine: @escaping @Sendable (SQLSelectBuilder) -> SQLSelectBuilder
    ) async throws -> [NewsSource] {
        let table = storage.table("sources")
        let read: @Sendable (any SQLDatabase) async throws -> [NewsSource] = { db in
            try await refine(db.select().columns(Self.sourceColumns.map { SQLColumn($0) }).from(table))
                .orderBy("name").all().map(Self.source(from:))
        }
        if let db { return try await read(db) }
        return try await storage.read(read)
    }

    /// The source named `text` (its name, any case) or numbered `text`.
    func source(named text: String) async throws -> NewsSource? {
        let sources = try await sources()
        return sources.first { $0.name.lowercased() == text.lowercased() }
            ?? Int64(text).flatMap { id in
                sources.first { $0.id == id }
            }
    }

    private static func source(from row: any SQLRow) throws -> NewsSource {
        NewsSource(
            id: try row.decode(column: "id", as: Int64.self), url: try row.decode(column: "url", as: String.self),
            name: try row.decode(column: "name", as: String.self),
            etag: try row.decode(column: "etag", as: String?.self),
            lastModified: try row.decode(column: "last_modified", as: String?.self),
            lastError: try row.decode(column: "last_error", as: String?.self))
    }

    func addSource(url: String, name: String, by user: String, at now: Date, on db: any SQLDatabase) async throws
        -> Int64
    {
        let rows = try await db.insert(into: storage.table("sources"))
            .columns(Self.scope, "url", "name", "added_by", "added_at")
            .values(scope, SQLBind(url), SQLBind(name), SQLBind(user), SQLBind(Int64(now.timeIntervalSince1970)))
            .returning("id").all()
        return try rows[0].decode(column: "id", as: Int64.self)
    }

    /// Deletes a source of this scope with its stories, their index entries and its subscriptions.
    func removeSource(_ id: Int64, on db: any SQLDatabase) async throws {
        let ours = try await db.select().column("id").from(storage.table("sources")).where(Self.scope, .equal, scope)
            .where("id", .equal, id).first()
        guard ours != nil else { return }
        let stories = try await db.select().column("id").from(storage.table("stories")).where("source_id", .equal, id)
            .all().map { try $0.decode(column: "id", as: Int64.self) }
        for story in stories { try await search.remove(story, in: db) }
        try await db.delete(from: storage.table("stories")).where("source_id", .equal, id).run()
        try await db.delete(from: storage.table("subscriptions")).where("source_id", .equal, id).run()
        try await db.delete(from: storage.table("sources")).where("id", .equal, id).run()
    }

    func recordCheck(
        _ id: Int64, at now: Date, error: String?, etag: String?? = nil, lastModified: String?? = nil,
        on db: any SQLDatabase
    ) async throws {
        let update = db.update(storage.table("sources")).set(
            "checked_at", to: SQLBind(Int64(now.timeIntervalSince1970))
        )
        .set("last_error", to: SQLBind(error))
        if let etag { update.set("etag", to: SQLBind(etag)) }
        if let lastModified { update.set("last_modified", to: SQLBind(lastModified)) }
        try await update.where("id", .equal, id).run()
    }

    /// How many stories each of `sources` has, by source number.
    func storyCounts(of sources: [Int64]) async throws -> [Int64: Int] {
        guard !sources.isEmpty else { return [:] }
        let table = storage.table("stories")
        let rows = try await storage.read { db in
            try await db.select().column("source_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "stories")
                .from(table).where("source_id", .in, SQLBind.group(sources)).groupBy("source_id").all()
        }
        var counts: [Int64: Int] = [:]
        for row in rows {
            counts[try row.decode(column: "source_id", as: Int64.self)] = try row.decode(
                column: "stories", as: Int.self)
        }
        return counts
    }

    // MARK: Stories

    /// What saving a polled story did.
    enum SaveOutcome: Sendable, Equatable {
        case added(Int64)
        case changed(Int64)
        case unchanged
    }

    /// Inserts a story, or updates the one with the same key when its title, link, summary or
    /// feed-given text changed (a story whose headline was corrected stays one story).
    func save(_ story: IncomingStory, source: Int64, at now: Date, on db: any SQLDatabase) async throws -> SaveOutcome {
        let table = storage.table("stories")
        let existing = try await db.select().columns("id", "title", "link", "summary", "body").from(table)
            .where("source_id", .equal, source).where("story_key", .equal, story.key).first()
        if let existing {
            let id = try existing.decode(column: "id", as: Int64.self)
            let same =
                try existing.decode(column: "title", as: String.self) == story.title
                && existing.decode(column: "link", as: String?.self) == story.link
                && existing.decode(column: "summary", as: String.self) == story.summary
            guard !same else { return .unchanged }
            let update = db.update(table).set("title", to: SQLBind(story.title)).set("link", to: SQLBind(story.link))
                .set("summary", to: SQLBind(story.summary)).set("author", to: SQLBind(story.author))
            if let body = story.body { update.set("body", to: SQLBind(body)) }
            try await update.where("id", .equal, id).run()
            let body = try story.body ?? existing.decode(column: "body", as: String?.self)
            try await search.replace(id, fields: [story.title, body ?? story.summary], in: db)
            return .changed(id)
        }
        let rows = try await db.insert(into: table)
            .columns(
                "source_id", "story_key", "title", "link", "author", "published_at", "summary", "body", "first_seen_at"
            )
            .values(
                SQLBind(source), SQLBind(story.key), SQLBind(story.title), SQLBind(story.link), SQLBind(story.author),
                SQLBind(Int64(story.publishedAt.timeIntervalSince1970)), SQLBind(story.summary), SQLBind(story.body),
                SQLBind(Int64(now.timeIntervalSince1970))
            ).returning("id").all()
        let id = try rows[0].decode(column: "id", as: Int64.self)
        try await search.replace(id, fields: [story.title, story.body ?? story.summary], in: db)
        return .added(id)
    }

    func storeBody(_ body: String, of story: NewsStory) async throws {
        let table = storage.table("stories")
        let search = self.search
        try await storage.write { db in
            try await db.update(table).set("body", to: SQLBind(body)).where("id", .equal, story.id).run()
            try await search.replace(story.id, fields: [story.title, body], in: db)
        }
    }

    /// The newest stories of this scope, of one source or all.
    func latest(limit: Int, source: Int64? = nil) async throws -> [NewsStory] {
        try await stories { query in
            if let source { query.where(SQLColumn("source_id", table: "s"), .equal, SQLBind(source)) }
            query.orderBy(SQLColumn("published_at", table: "s"), SQLDirection.descending)
                .orderBy(SQLColumn("id", table: "s"), SQLDirection.descending).limit(limit)
        }
    }

    /// Story `id`, when its source is this scope's.
    func story(_ id: Int64) async throws -> NewsStory? {
        try await stories { $0.where(SQLColumn("id", table: "s"), .equal, SQLBind(id)) }.first
    }

    /// This scope's stories matching `words`, best first. The index holds every scope's stories:
    /// it is asked for `limit` hits, and for up to ``maximumHits`` only when other scopes' took
    /// some of those (the best hits are the same whatever the limit).
    func search(_ words: String, limit: Int) async throws -> [NewsStory] {
        let (hits, found) = try await stories(matching: words, hits: limit)
        guard found.count < limit, hits == limit, limit < Self.maximumHits else { return found }
        return Array(try await stories(matching: words, hits: Self.maximumHits).found.prefix(limit))
    }

    /// The most index hits a search looks through for this scope's stories.
    private static let maximumHits = 500

    /// The index's best `hits` for `words`: how many it gave, and this scope's stories among them, in order.
    private func stories(matching words: String, hits: Int) async throws -> (hits: Int, found: [NewsStory]) {
        let index = search
        let ids = try await storage.read { db in try await index.search(words, limit: hits, in: db) }
        guard !ids.isEmpty else { return (0, []) }
        let found = try await stories { $0.where(SQLColumn("id", table: "s"), .in, SQLBind.group(ids)) }
        return (ids.count, ids.compactMap { id in found.first { $0.id == id } })
    }

    /// This scope's stories that `refine` selects (it names stories `s` and sources `f`).
    private func stories(_ refine: @escaping @Sendable (SQLSelectBuilder) -> Void) async throws -> [NewsStory] {
        let stories = storage.table("stories")
        let sources = storage.table("sources")
        let scope = scope
        return try await storage.read { db in
            let query = db.select()
                .columns(
                    SQLColumn("id", table: "s"), SQLColumn("source_id", table: "s"), SQLColumn("title", table: "s"),
                    SQLColumn("link", table: "s"), SQLColumn("author", table: "s"),
                    SQLColumn("published_at", table: "s"), SQLColumn("summary", table: "s"),
                    SQLColumn("body", table: "s")
                )
                .column(SQLColumn("name", table: "f"), as: "source_name")
                .column(SQLColumn("url", table: "f"), as: "source_url")
                .from(SQLAlias(SQLIdentifier(stories), as: SQLIdentifier("s")))
                .join(
                    SQLAlias(SQLIdentifier(sources), as: SQLIdentifier("f")), method: SQLJoinMethod.inner,
                    on: SQLColumn("source_id", table: "s"), .equal, SQLColumn("id", table: "f")
                )
                .where(SQLColumn(Self.scope, table: "f"), .equal, scope)
            refine(query)
            return try await query.all().map { row in
                NewsStory(
                    id: try row.decode(column: "id", as: Int64.self),
                    sourceID: try row.decode(column: "source_id", as: Int64.self),
                    sourceName: try row.decode(column: "source_name", as: String.self),
                    sourceURL: try row.decode(column: "source_url", as: String.self),
                    title: try row.decode(column: "title", as: String.self),
                    link: try row.decode(column: "link", as: String?.self),
                    author: try row.decode(column: "author", as: String?.self),
                    publishedAt: Date(
                        timeIntervalSince1970: Double(try row.decode(column: "published_at", as: Int64.self))),
                    summary: try row.decode(column: "summary", as: String.self),
                    body: try row.decode(column: "body", as: String?.self))
            }
        }
    }

    // MARK: Subscriptions

    /// Adds a subscription; false when it was already there.
    func subscribe(adapter: String, target: DeliveryTarget, source: Int64, by user: String) async throws -> Bool {
        let table = storage.table("subscriptions")
        return try await storage.write { db in
            let rows = try await db.insert(into: table).columns("adapter", "target", "source_id", "created_by")
                .values(SQLBind(adapter), SQLBind(target.description), SQLBind(source), SQLBind(user))
                .ignoringConflicts(with: ["adapter", "target", "source_id"]).returning("source_id").all()
            return !rows.isEmpty
        }
    }

    /// Removes a subscription; false when there was none.
    func unsubscribe(adapter: String, target: DeliveryTarget, source: Int64) async throws -> Bool {
        let table = storage.table("subscriptions")
        return try await storage.write { db in
            let rows = try await db.delete(from: table).where("adapter", .equal, adapter)
                .where("target", .equal, target.description).where("source_id", .equal, source).returning("source_id")
                .all()
            return !rows.isEmpty
        }
    }

    /// True when `target` subscribes to some source of this scope.
    func hasSubscriptions(adapter: String, target: DeliveryTarget) async throws -> Bool {
        let subscriptions = storage.table("subscriptions")
        let sources = storage.table("sources")
        let scope = scope
        return try await storage.read { db in
            try await db.select().column(SQLColumn("source_id", table: "s"))
                .from(SQLAlias(SQLIdentifier(subscriptions), as: SQLIdentifier("s")))
                .join(
                    SQLAlias(SQLIdentifier(sources), as: SQLIdentifier("f")), method: SQLJoinMethod.inner,
                    on: SQLColumn("source_id", table: "s"), .equal, SQLColumn("id", table: "f")
                )
                .where(SQLColumn(Self.scope, table: "f"), .equal, scope)
                .where(SQLColumn("adapter", table: "s"), .equal, SQLBind(adapter))
                .where(SQLColumn("target", table: "s"), .equal, SQLBind(target.description)).first() != nil
        }
    }

    /// The subscribers of `source`: adapter and stored target.
    func subscribers(of source: Int64, on db: any SQLDatabase) async throws -> [(adapter: String, target: String)] {
        try await db.select().columns("adapter", "target").from(storage.table("subscriptions"))
            .where("source_id", .equal, source).all()
            .map {
                (try $0.decode(column: "adapter", as: String.self), try $0.decode(column: "target", as: String.self))
            }
    }

    // MARK: Readers

    func reading(_ user: UserID) async throws -> (story: Int64, page: Int)? {
        let table = storage.table("readers")
        let row = try await storage.read { db in
            try await db.select().columns("story_id", "page").from(table).where("user_id", .equal, user.description)
                .first()
        }
        guard let row else { return nil }
        return (try row.decode(column: "story_id", as: Int64.self), try row.decode(column: "page", as: Int.self))
    }

    func setReading(_ user: UserID, story: Int64, page: Int) async throws {
        let table = storage.table("readers")
        try await storage.write { db in
            try await db.delete(from: table).where("user_id", .equal, user.description).run()
            try await db.insert(into: table).columns("user_id", "story_id", "page")
                .values(SQLBind(user.description), SQLBind(story), SQLBind(page)).run()
        }
    }
}
