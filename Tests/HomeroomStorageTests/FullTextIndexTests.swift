import Foundation
import HomeroomCore
import HomeroomStorage
import HomeroomTesting
import Logging
import SQLKit
import Testing

@Suite struct FullTextIndexTests {
    static let recipes = Migration(1, "recipe search") { context in
        try await context.fullTextIndex("search", fields: ["title", "body"]).create(in: context.database)
    }

    let documents: [(Int64, String, String)] = [
        (1, "Skillet cornbread", "Cornmeal, buttermilk and butter, baked in a hot skillet."),
        (2, "Chickpea curry", "Chickpeas simmered with tomatoes, ginger and garam masala."),
        (3, "Crème brûlée", "Custard with a crackling caramel top."),
        (4, "Corn chowder", "Sweet corn, potatoes and cream. Corn, corn, corn."),
        (5, "Veggie pizza", "Peppers, onions and mozzarella on a thin crust."),
        (6, "Caramel popcorn", "Popcorn in caramel: caramel on every kernel."),
    ]

    func withIndex(_ backend: DatabaseBackend, _ body: (any Database, any FullTextIndex) async throws -> Void)
        async throws
    {
        try await TemporaryDatabase.with(backend, logger: StorageTests.logger) { database in
            try await MigrationRunner(database: database, logger: StorageTests.logger).run([("recipes", [Self.recipes])]
            )
            // The index the migration made: the recipes plugin's `search`, whose table is `recipes_search`.
            let index = database.fullTextIndex(table: "recipes_search", fields: ["title", "body"])
            try await database.write { [documents] db in
                for (id, title, body) in documents { try await index.replace(id, fields: [title, body], in: db) }
            }
            try await body(database, index)
        }
    }

    func search(_ query: String, _ database: any Database, _ index: any FullTextIndex) async throws -> [Int64] {
        try await database.read { try await index.search(query, limit: 10, in: $0) }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func wordsPrefixesAccentsAndEveryWordRequired(backend: DatabaseBackend) async throws {
        try await withIndex(backend) { database, index in
            #expect(try await search("cornbread", database, index) == [1])
            #expect(try await search("CHICKPEAS", database, index) == [2])
            #expect(try await search("chick", database, index) == [2])
            #expect(try await search("creme brulee", database, index) == [3])
            #expect(try await search("crème", database, index) == [3])
            #expect(try await search("corn potatoes", database, index) == [4])
            #expect(try await search("corn pizza", database, index) == [])
            let corn = try await search("corn", database, index)
            #expect(Set(corn) == [1, 4])
            // The document that says it most often comes first.
            #expect(try await search("caramel", database, index) == [6, 3])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func operatorsAndPunctuationInQueriesAreJustText(backend: DatabaseBackend) async throws {
        try await withIndex(backend) { database, index in
            for query in [
                #""curry"#, "curry*", "curry AND", "NOT curry", "curry:*", "cur'ry", "(curry", "curry & |", "-curry",
                "title:curry",
            ] {
                _ = try await search(query, database, index)
            }
            #expect(try await search("NOT curry", database, index) == [])
            #expect(try await search("(curry)", database, index) == [2])
            #expect(try await search("", database, index) == [])
            #expect(try await search("  ?! ", database, index) == [])
        }
    }

    /// Characters whose grapheme cluster starts with a letter but carries a quote, an apostrophe or
    /// an operator after it: a prepended letter (U+0D4E, U+0600) joins the next scalar into one
    /// `Character`, which a per-`Character` test took for a letter.
    static let operatorsBehindLetters = [
        "\u{0D4E}\"curry", "curry\u{0D4E}\"", "\u{0D4E}'curry", "\u{0D4E}*", "\u{0D4E}\\", "\u{0600}\"\u{0D4E}\"",
        "\u{0D4E}:curry", "\u{0D4E}(curry", "\u{0301}", "\u{0301}\"", "a\u{200D}\"", String(repeating: "curry ", count: 500),
    ]

    @Test(arguments: TemporaryDatabase.availableBackends)
    func quotesInsideLetterClustersAreNoSyntax(backend: DatabaseBackend) async throws {
        try await withIndex(backend) { database, index in
            for query in Self.operatorsBehindLetters {
                for word in searchWords(in: query) {
                    #expect(!word.unicodeScalars.contains { "\"'*\\:()".unicodeScalars.contains($0) }, "\(word)")
                }
                // Would throw "fts5: syntax error" or a tsquery syntax error before.
                _ = try await search(query, database, index)
            }
            #expect(try await search("\u{0D4E}\"curry", database, index) == [])
            #expect(try await search("curry \u{0301}\"", database, index) == [2])
            #expect(try await search(String(repeating: "curry ", count: 500), database, index) == [2])
        }
    }

    @Test func searchQueriesKeepAtMostSixteenWords() {
        #expect(searchQueryWords(in: String(repeating: "corn ", count: 100)).count == maximumSearchWords)
        #expect(searchWords(in: "रोटी दाल") == ["रोटी", "दाल"])
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func replacingAndRemovingDocuments(backend: DatabaseBackend) async throws {
        try await withIndex(backend) { database, index in
            try await database.write { db in
                try await index.replace(2, fields: ["Lentil soup", "Red lentils and cumin."], in: db)
                try await index.remove(5, in: db)
            }
            #expect(try await search("chickpea", database, index) == [])
            #expect(try await search("lentil", database, index) == [2])
            #expect(try await search("pizza", database, index) == [])
            #expect(try await search("cumin", database, index) == [2])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func equallyGoodHitsGoByIdSoAShortListBeginsTheLongerOne(backend: DatabaseBackend) async throws {
        try await withIndex(backend) { database, index in
            // Documents alike but for a number rank the same.
            try await database.write { db in
                for id in Int64(20)...35 { try await index.replace(id, fields: ["Stew \(id)", "A stew."], in: db) }
            }
            let all = try await database.read { try await index.search("stew", limit: 16, in: $0) }
            #expect(all == Array(Int64(20)...35))
            for limit in [1, 3, 7] {
                let few = try await database.read { try await index.search("stew", limit: limit, in: $0) }
                #expect(few == Array(all.prefix(limit)), "limit \(limit)")
            }
        }
    }

    @Test func searchWordsSplitsLowercasesAndFoldsAccents() {
        #expect(searchWords(in: "Crème Brûlée, chef's #1!") == ["creme", "brulee", "chef", "s", "1"])
        #expect(searchWords(in: "  ") == [])
    }
}
