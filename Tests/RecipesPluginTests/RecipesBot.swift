import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import RecipesPlugin

/// The sample recipe book shipped in `Examples/`.
let sampleBook = Corpus.packageRoot.appendingPathComponent("Examples/recipe-book.json")

/// Runs `body` with a bot carrying the recipes plugin, the sample book imported (recipes 1 to 26,
/// in the book's order), and its clock on a school morning. `language` is the school's.
func withRecipesBot(
    backend: DatabaseBackend = .sqlite, settings: [String: JSONValue] = [:], language: String = "en",
    _ body: (TestBot) async throws -> Void
) async throws {
    try await TestBot.with(
        plugins: [RecipesPlugin.self], at: "2026-11-24T09:00:00-05:00", backend: backend,
        configure: {
            $0.timeZone = "America/New_York"
            $0.language = language
            $0.plugins["recipes"] = .object(settings)
        }
    ) { bot in
        let recipes = try RecipeImporter.recipes(inBook: try Data(contentsOf: sampleBook))
        _ = try await RecipeImporter.save(
            recipes, into: bot.runtime.storage(for: RecipesPlugin.id),
            audit: AuditEntry(
                at: bot.clock.now, actor: AuditEntry.commandLine, action: "recipes.import", detail: "book"))
        try await body(bot)
    }
}

/// A recipe page as sites publish it: the recipe in JSON-LD inside a `@graph`.
let waffleRecipePage = """
    <html><head><title>Waffles</title>
    <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
      {"@type": "WebPage", "name": "Waffles"},
      {"@type": "Recipe", "name": "Crisp Waffles", "description": "Light &amp; crisp.",
       "totalTime": "PT25M", "recipeYield": ["4", "4 servings"],
       "recipeIngredient": ["2 cups flour", "2 eggs", "1 3/4 cups milk", "1/2 cup butter, melted"],
       "recipeInstructions": [{"@type": "HowToStep", "text": "Whisk the flour, eggs and milk."},
                              {"@type": "HowToStep", "text": "Stir in the butter and cook in a hot waffle iron."}]}
    ]}</script></head><body><h1>Waffles</h1></body></html>
    """
