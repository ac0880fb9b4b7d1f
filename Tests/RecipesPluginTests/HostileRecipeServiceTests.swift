import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Recipes
import Testing

@testable import RecipesPlugin

/// Recipes from outside with numbers out of range, through the running plugin: a search service's
/// results, an imported page, a recipe book and a copy already stored. Each search and command
/// still answers, then and later.
@Suite struct HostileRecipeServiceTests {
    static func searchPath(_ query: String) -> String {
        "/recipes/complexSearch?query=\(query)&number=5&addRecipeInformation=true&fillIngredients=true&addRecipeNutrition=true&apiKey=test-key"
    }

    /// A stew whose times overflow when added, whose calories have 300 digits and whose servings
    /// are 10^20; a result without a numeric id; and a good soup.
    static let hostileAnswer = """
        {"results": [
          {"id": 1, "title": "Forever Stew", "preparationMinutes": 9223372036854775807,
           "cookingMinutes": 9223372036854775807, "servings": 1e20,
           "extendedIngredients": [{"original": "99999999999999999999 g beans"}, {"original": "2 cups stock"}],
           "analyzedInstructions": [{"name": "", "steps": [{"number": 1, "step": "Simmer the beans in the stock."}]}],
           "nutrition": {"nutrients": [{"name": "Calories", "amount": 1e300, "unit": "kcal"},
                                       {"name": "Protein", "amount": -5, "unit": "g"},
                                       {"name": "Fat", "amount": 3, "unit": "g"}]}},
          {"id": "not a number", "title": "Nameless Stew", "extendedIngredients": [{"original": "1 onion"}],
           "analyzedInstructions": [{"steps": [{"number": 1, "step": "Chop."}]}]},
          {"id": 2, "title": "Plain Stew", "readyInMinutes": 40, "servings": 4,
           "extendedIngredients": [{"original": "1 onion"}],
           "analyzedInstructions": [{"steps": [{"number": 1, "step": "Chop the onion."}]}]}
        ]}
        """

    static func remote(_ server: LoopbackHTTPServer) -> [String: JSONValue] {
        [
            "remote": .object([
                "baseURL": .string(server.url("").absoluteString), "apiKey": .string("test-key"),
                // Only a failure would wait this long; the loopback service answers at once.
                "timeoutSeconds": .number(30),
            ])
        ]
    }

    @Test func aHostileSearchResultIsSavedWithinTheLimitsAndEverySearchListingItAnswers() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve(Self.searchPath("stew"), .text(Self.hostileAnswer, contentType: "application/json"))
        do {
            try await withRecipesBot(settings: Self.remote(server)) { bot in
                let first = try await bot.expect("/recipe stew")
                #expect(first.lines.prefix(2) == ["#27 Forever Stew", "#28 Plain Stew — 40 min, 4 servings"])
                #expect(!first.text.contains("Nameless"))
                // Later searches list the saved copy, from the book and from the service again.
                try await bot.expect("/recipe stew", contains: "#27 Forever Stew")
                server.serve(Self.searchPath("stew"), .init(status: 503))
                try await bot.expect("/recipe stew", contains: "#27 Forever Stew", "#28 Plain Stew")
                try await bot.expect("/recipe forever", contains: "#27 Forever Stew")
                try await bot.expect("/recipe 27", contains: "2 ingredients, 1 step")
                try await bot.expect("/recipe 27 nutrition", contains: "per serving: fat: 3 g.")
                try await bot.expect("/recipe 27 serves 8", contains: "does not say how many it serves", error: true)
                try await bot.expect("/cook 27", contains: "Step 1 of 1 — Simmer the beans in the stock.")
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aHostilePageIsImportedWithoutWhatIsOutOfRangeAndSaysSo() async throws {
        let page = try Data(
            contentsOf: Corpus.packageRoot.appendingPathComponent(
                "Tests/Fixtures/hostile/recipes/duration-iso-hours.html"))
        let server = try await LoopbackHTTPServer.start()
        server.serve("/hours", .text(String(decoding: page, as: UTF8.self), contentType: "text/html"))
        do {
            try await withRecipesBot { bot in
                try await bot.loginAsAdmin()
                try await bot.expect(
                    "/recipe import \(server.url("/hours").absoluteString)", from: "console:admin",
                    contains: "Added #27 Hours Beyond Int (2 ingredients, 2 steps). Left out: the total time")
                try await bot.expect("/recipe hours", contains: "#27 Hours Beyond Int")
                try await bot.expect(
                    "/recipe flour under 9223372036854775807 hours", contains: "a time up to a year", error: true)
                try await bot.expect("/recipe flour under 9999999 min", contains: "a time up to a year", error: true)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// A copy saved before the limits (or written by hand) is held to them when it is read: times
    /// that overflow when added, a step far past the end, a method emptied while someone cooks.
    @Test func aStoredRecipeAndSessionOutOfRangeAreHeldToTheLimitsWhenRead() async throws {
        try await withRecipesBot { bot in
            let storage = bot.runtime.storage(for: RecipesPlugin.id)
            let store = RecipeStore(storage: storage)
            let stew = Recipe(
                title: "Stored Stew", source: "book:old", prepMinutes: .max, cookMinutes: .max,
                yields: "99999999999999999999 servings", ingredients: ["1 onion"],
                steps: (1...700).map { RecipeStep("Stir \($0) times.") })
            let empty = Recipe(title: "Emptied Stew", source: "book:old", ingredients: ["1 onion"], steps: [])
            let now = bot.clock.now
            try await storage.write { db in
                _ = try await store.save(stew, by: "console:admin", at: now, on: db)
                _ = try await store.save(empty, by: "console:admin", at: now, on: db)
            }
            try await store.setSession(of: "console:student", recipe: 27, step: .max, at: now)
            try await bot.expect("/recipe stew", contains: "#27 Stored Stew", "#28 Emptied Stew")
            try await bot.expect("/recipe stored", contains: "#27 Stored Stew")
            try await bot.expect("/recipe 27", contains: "1 ingredient, 500 steps")
            try await bot.expect("/me", contains: "Cooking: Stored Stew, at step 500")
            try await bot.expect("/step", contains: "That was the last step of Stored Stew")
            try await bot.expect("/back", contains: "Step 499 of 500")
            try await store.setSession(of: "console:student", recipe: 28, step: -3, at: now)
            try await bot.expect("/back", contains: "#28 has no steps any more, so cooking mode ended", error: true)
            try await bot.expect("/step", contains: "you are not cooking anything", error: true)
        }
    }

    @Test func aScaleOutOfRangeGetsAShortAnswer() async throws {
        try await withRecipesBot { bot in
            for asked in ["1e300", "99999999999999999999", "nan"] {
                try await bot.expect("/recipe 1 serves \(asked)", contains: "say how many", error: true)
            }
            for asked in ["0", "-5", "501", "9223372036854775807"] {
                try await bot.expect("/recipe 1 serves \(asked)", contains: "serves must be 1 to 500", error: true)
            }
            try await bot.expect("/recipe 1 scale 1e300", contains: "ask for ingredients", error: true)
            try await bot.expect("/recipe 1 serves 500", contains: "scaled from 8 servings to serves 500")
        }
    }

    @Test func aRecipeBookWithATimeOutOfRangeIsRefusedNamingTheRecipe() throws {
        let book = """
            {"book": "Hostile Book", "recipes": [{"title": "Overflow Pie", "prepMinutes": 9223372036854775807,
              "cookMinutes": 9223372036854775807, "ingredients": ["1 crust"], "steps": ["Bake."]}]}
            """
        #expect(
            throws: UserFacingError(
                "recipe 1 (Overflow Pie): the preparation time of 9223372036854775807 minutes is out of range (0 to 525600) and was left out"
            )
        ) { try RecipeImporter.recipes(inBook: Data(book.utf8)) }
    }
}
