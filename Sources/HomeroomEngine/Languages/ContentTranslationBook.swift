import Foundation
import HomeroomCore
import SQLKit
import Synchronization

/// The stored translations of what admins wrote, and the ``ContentTranslations`` every plugin reads
/// them from: loaded at start, changed here and in memory in one step, and read again on every
/// instance when another one announces a change.
///
/// A text is keyed by how it is written (`Chicken tacos`), so one translation serves every day,
/// event or club that uses it. The row of language `keep` marks a text never to translate.
package final class ContentTranslationBook: ContentTranslationRecording {
    static let table = "core_content_translations"
    /// The language column of a text an admin marked to keep as written.
    static let keptMark = "keep"
    /// The longest text, as written or translated, a translation may have.
    package static let maximumLength = 500
    /// The most translations read into memory.
    package static let maximumLoaded = 50_000

    static let migration = Migration(12, "translations of what admins wrote") { context in
        try await context.database.create(table: table)
            .column("original", type: .text, .notNull).column("language", type: .text, .notNull)
            .column("text", type: .text, .notNull).column("machine", type: .bigint, .notNull)
            .column("updated_at", type: .bigint, .notNull).primaryKey("original", "language").run()
    }

    /// What plugins read.
    package let translations: ContentTranslations
    private let database: any Database
    private let clock: any HomeroomClock
    private let announcer = CacheAnnouncer()
    private let changed: Mutex<@Sendable () -> Void> = Mutex({})

    /// The name its cache is announced under.
    package static let cacheName = "core.translations"

    private init(translations: ContentTranslations, database: any Database, clock: any HomeroomClock) {
        self.translations = translations
        self.database = database
        self.clock = clock
    }

    /// The book over `database`, its translations read; `forMachineTranslation` when a machine
    /// translator takes the texts readers find untranslated.
    package static func load(from database: any Database, clock: any HomeroomClock, forMachineTranslation: Bool)
        async throws -> ContentTranslationBook
    {
        ContentTranslationBook(
            translations: ContentTranslations(try await read(database), collectsWanted: forMachineTranslation),
            database: database, clock: clock)
    }

    /// Runs `body` after every change, here or on another instance: what empties the cached
    /// answers that may show a translation.
    package func onChange(_ body: @escaping @Sendable () -> Void) { changed.withLock { $0 = body } }

    /// Reads the table again when another instance changed it.
    package var sharedCache: SharedCache {
        SharedCache(announcer: announcer) { [self] in
            Task {
                if let snapshot = try? await Self.read(database) { translations.replace(with: snapshot) }
                changed.withLock { $0 }()
            }
        }
    }

    private static func read(_ database: any Database) async throws -> ContentTranslations.Snapshot {
        try await database.read { db in
            var snapshot = ContentTranslations.Snapshot()
            let rows = try await db.select().columns("original", "language", "text", "machine").from(table)
                .limit(maximumLoaded).all()
            for row in rows {
                let original = try row.decode(column: "original", as: String.self)
                let language = try row.decode(column: "language", as: String.self)
                if language == keptMark {
                    snapshot.kept.insert(original)
                } else {
                    snapshot.translations[original, default: [:]][language] = ContentTranslations.Translation(
                        text: try row.decode(column: "text", as: String.self),
                        isMachine: try row.decode(column: "machine", as: Int64.self) != 0)
                }
            }
            return snapshot
        }
    }

    /// Every stored translation of `original`, by language; and whether it is kept as written.
    package func translations(of original: String) async throws -> (byLanguage: [Language: String], kept: Bool) {
        try await database.read { db in
            var byLanguage: [Language: String] = [:]
            var kept = false
            for row in try await db.select().columns("language", "text", "machine").from(Self.table)
                .where("original", .equal, SQLBind(original)).all()
            {
                let code = try row.decode(column: "language", as: String.self)
                if code == Self.keptMark {
                    kept = true
                } else if let language = Language(code: code) {
                    byLanguage[language] = try row.decode(column: "text", as: String.self)
                }
            }
            return (byLanguage, kept)
        }
    }

    /// A change to the translations of one text.
    package enum Change: Sendable {
        /// `original` reads `text` in `language`; `isMachine` when a machine translated it.
        case translate(String, into: Language, as: String, isMachine: Bool)
        /// `original` has no translation into `language` any more.
        case remove(String, from: Language)
        /// `original` is shown as written in every language (its machine translations go).
        case keep(String)
        /// `original` may be translated again.
        case release(String)
    }

    /// Makes `changes` in one transaction, with `audit` when one is given (an admin's change), and
    /// in memory; machine translations never replace an admin's, nor touch a kept text.
    package func apply(_ changes: [Change], audit: AuditEntry?) async throws {
        let now = Int64(clock.now.timeIntervalSince1970)
        try await database.write { db in
            for change in changes {
                switch change {
                case .translate(let original, let language, let text, let isMachine):
                    if isMachine {
                        let blocked = try await db.select().column("language").from(Self.table)
                            .where("original", .equal, SQLBind(original))
                            .where(
                                SQLBinaryExpression(
                                    SQLColumn("language"), .in, SQLBind.group([language.code, Self.keptMark]))
                            )
                            .first()
                        if blocked != nil { continue }
                    }
                    try await Self.put(original, language.code, text, isMachine: isMachine, at: now, on: db)
                case .remove(let original, let language):
                    try await Self.delete(original, language.code, on: db)
                case .keep(let original):
                    try await db.delete(from: Self.table).where("original", .equal, SQLBind(original))
                        .where("machine", .equal, SQLBind(1)).run()
                    try await Self.put(original, Self.keptMark, "", isMachine: false, at: now, on: db)
                case .release(let original):
                    try await Self.delete(original, Self.keptMark, on: db)
                }
            }
            if let audit { try await AuditLog.insert(audit, into: db) }
        }
        try await reload()
    }

    package func record(_ text: String, of original: String, in language: Language, on db: any SQLDatabase)
        async throws
    {
        guard language != .english, !original.isEmpty, !text.isEmpty, original.count <= Self.maximumLength,
            text.count <= Self.maximumLength
        else { return }
        try await Self.put(
            original, language.code, text, isMachine: false, at: Int64(clock.now.timeIntervalSince1970), on: db)
    }

    package func reload() async throws {
        translations.replace(with: try await Self.read(database))
        changed.withLock { $0 }()
        announcer.announce()
    }

    /// Stores `text` as the row of `original` in `language`, in place of the one there.
    private static func put(
        _ original: String, _ language: String, _ text: String, isMachine: Bool, at now: Int64, on db: any SQLDatabase
    ) async throws {
        try await delete(original, language, on: db)
        try await db.insert(into: table).columns("original", "language", "text", "machine", "updated_at")
            .values(SQLBind(original), SQLBind(language), SQLBind(text), SQLBind(isMachine ? 1 : 0), SQLBind(now))
            .run()
    }

    private static func delete(_ original: String, _ language: String, on db: any SQLDatabase) async throws {
        try await db.delete(from: table).where("original", .equal, SQLBind(original))
            .where("language", .equal, SQLBind(language)).run()
    }
}
