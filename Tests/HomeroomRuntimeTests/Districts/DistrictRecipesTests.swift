import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import RecipesPlugin
import SQLKit
import Testing

/// Recipes in a district: each school searches and reads its own book (a group's schools the
/// group's), two books may hold the same page, a person's cooking follows them, and a school's
/// database from before schools keeps its book and sessions.
@Suite struct DistrictRecipesTests {
    /// A recipe of a book file: title, summary, minutes to make it, ingredients and steps.
    typealias BookRecipe = (title: String, summary: String, minutes: Int, ingredients: [String], steps: [String])

    static let cornbread: BookRecipe = (
        "Skillet Cornbread", "A golden cornbread.", 35, ["1 1/2 cups cornmeal", "2 large eggs", "1 cup buttermilk"],
        ["Heat the oven.", "Whisk the cornmeal, eggs and buttermilk.", "Bake 25 minutes."]
    )
    static let soup: BookRecipe = (
        "Lentil Soup", "A hearty soup.", 45, ["1 cup lentils", "1 onion"], ["Cook the onion.", "Simmer the lentils."]
    )
    static let chili: BookRecipe = ("Lincoln Chili", "Beans and beef.", 60, ["2 cups beans"], ["Simmer it all."])
    static let pizza: BookRecipe = ("Elementary Pizza", "Cheese pizza.", 30, ["1 pizza dough"], ["Bake it."])

    /// A recipe as a book file (and the release before schools) writes it, from the book `book`.
    static func json(_ recipe: BookRecipe, book: String) -> [String: Any] {
        [
            "title": recipe.title, "summary": recipe.summary, "source": book, "totalMinutes": recipe.minutes,
            "ingredients": recipe.ingredients, "steps": recipe.steps,
        ]
    }

    /// Imports the book `name` of `recipes` into the book of `school` (the district's first school's
    /// when nil).
    @discardableResult
    static func importBook(
        _ name: String, _ recipes: [BookRecipe], into bot: TestBot, at school: String? = nil
    ) async throws -> RecipeImporter.Summary {
        let file = try JSONSerialization.data(
            withJSONObject: ["book": name, "recipes": recipes.map { json($0, book: name) }])
        return try await RecipeImporter.save(
            try RecipeImporter.recipes(inBook: file), into: bot.runtime.storage(for: RecipesPlugin.id, at: school),
            audit: AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "recipes.import", detail: name))
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func eachSchoolSearchesItsOwnBookAndAGroupsSchoolsShareTheirs(backend: DatabaseBackend) async throws {
        try await withSchoolDataBot(backend: backend) { bot in
            #expect(
                try await Self.importBook("Cafeteria classics", [Self.cornbread, Self.soup], into: bot, at: "lincoln")
                    .added == [1, 2])
            // The same book in another school's is that school's copy.
            #expect(
                try await Self.importBook(
                    "Cafeteria classics", [Self.cornbread, Self.soup], into: bot, at: "jefferson"
                ).added == [3, 4])
            try await Self.importBook("Lincoln favourites", [Self.chili], into: bot, at: "lincoln")
            try await Self.importBook("Elementary lunches", [Self.pizza], into: bot, at: "adams")

            let lincoln = try await bot.expect("/recipe cornbread", in: "#lincoln", contains: "#1 Skillet Cornbread")
            #expect(!lincoln.text.contains("#3"))
            let jefferson = try await bot.expect(
                "/recipe cornbread", in: "#jefferson", contains: "#3 Skillet Cornbread")
            #expect(!jefferson.text.contains("#1 "))
            let chili = try await bot.expect("/recipe chili", in: "#jefferson", contains: "No recipe matches \"chili\"")
            #expect(!chili.text.contains("Lincoln Chili"))
            try await bot.expect("/recipe 5", in: "#jefferson", contains: "no recipe #5", error: true)
            try await bot.expect(
                "/recipe remove 5", from: "console:district", in: "#jefferson", verified: true,
                contains: "no recipe #5", error: true)
            try await bot.expect("/recipe 5", in: "#lincoln", contains: "Lincoln Chili")
            #expect(
                try await Self.importBook(
                    "Cafeteria classics", [Self.cornbread, Self.soup], into: bot, at: "jefferson"
                )
                .updated == [3, 4])

            // Cooking is the person's: begun at Lincoln, it goes on wherever they ask.
            try await bot.expect("/cook 1", in: "#lincoln", contains: "Step 1 of 3")
            try await bot.expect("/step", in: "#jefferson", contains: "Step 2 of 3")

            // Washington reads the elementary group's book: the same row, not a copy.
            try await bot.expect("/recipe pizza", in: "#washington", contains: "#6 Elementary Pizza")
            #expect(
                try await scopes(of: "book", RecipesPlugin.self, in: bot) == [
                    "elementary", "jefferson", "jefferson", "lincoln", "lincoln", "lincoln",
                ])
        }
    }

    static let instant = "2026-11-24T09:00:00-05:00"

    static let questions = [
        "/recipe cornbread", "/recipe 1", "/recipe 2 ingredients", "/recipe soup", "/ingredients", "/me",
    ]

    static func configure(_ configuration: inout HomeroomConfiguration) {
        configuration.timeZone = "America/New_York"
    }

    /// What the release before schools made of the book `Cafeteria classics` (``cornbread`` and
    /// ``soup``), with `console:student` cooking the cornbread at its second step.
    static func releasedDatabase(_ database: any Database) async throws {
        try await releasedSchema(database, try RecipesPlugin(settings: .init()), steps: 2)
        let now = SQLBind(seconds(instant))
        let book = "Cafeteria classics"
        let search = database.fullTextIndex(
            table: "recipes_search", fields: ["title", "summary", "ingredients", "tags"])
        try await database.write { db in
            for recipe in [cornbread, soup] {
                let stored = String(
                    decoding: try JSONSerialization.data(withJSONObject: json(recipe, book: book)), as: UTF8.self)
                let id = try await db.insert(into: "recipes_book")
                    .columns("source_key", "title", "recipe", "minutes", "added_by", "added_at")
                    .values(
                        SQLBind("book:\(book):\(recipe.title.lowercased())"), SQLBind(recipe.title), SQLBind(stored),
                        SQLBind(recipe.minutes), SQLBind(AuditEntry.commandLine.description), now
                    )
                    .returning("id").all()[0].decode(column: "id", as: Int64.self)
                try await search.replace(
                    id, fields: [recipe.title, recipe.summary, recipe.ingredients.joined(separator: "\n"), ""], in: db)
            }
            try await db.insert(into: "recipes_sessions").columns("user_id", "recipe_id", "step", "started_at")
                .values(SQLBind("console:student"), SQLBind(1), SQLBind(1), now).run()
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func anUpgradedDatabaseKeepsItsBookAndSessionsAndAnswersAsBefore(backend: DatabaseBackend) async throws {
        var expected: [String] = []
        try await TestBot.with(
            plugins: [RecipesPlugin.self], at: Self.instant, backend: backend, configure: Self.configure
        ) { bot in
            try await Self.importBook("Cafeteria classics", [Self.cornbread, Self.soup], into: bot)
            try await bot.expect("/cook 1")
            try await bot.expect("/step", contains: "Step 2 of 3")
            expected = await answers(bot, Self.questions)
        }
        try await TestBot.with(
            plugins: [RecipesPlugin.self], at: Self.instant, backend: backend, configure: Self.configure,
            preparing: Self.releasedDatabase
        ) { bot in
            let upgraded = await answers(bot, Self.questions)
            #expect(upgraded == expected)
            #expect(
                upgraded[0].contains("#1 Skillet Cornbread") && upgraded[5].contains("Skillet Cornbread, at step 2"))
            #expect(
                try await scopes(of: "book", RecipesPlugin.self, in: bot) == [School.soleSchoolID, School.soleSchoolID])
            // The book goes on: the same page updates its recipe, a new one takes the next number.
            #expect(
                try await Self.importBook("Cafeteria classics", [Self.cornbread, Self.soup], into: bot).updated == [
                    1, 2,
                ])
            #expect(try await Self.importBook("Lincoln favourites", [Self.chili], into: bot).added == [3])
            try await bot.expect("/step", contains: "Step 3 of 3")
        }
    }
}
