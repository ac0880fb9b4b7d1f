import Foundation
import HomeroomCore
import HomeroomRuntime
import RecipesPlugin

/// The demo's recipes: `Examples/recipe-book.json`, imported as `homeroom import recipes` does
/// (importing the book again updates its recipes instead of adding copies).
enum DemoRecipeBook {
    static func load(from examples: URL, runtime: BotRuntime) async throws {
        let file = examples.appendingPathComponent(DemoExamples.recipeBook)
        let recipes = try RecipeImporter.recipes(inBook: Data(contentsOf: file))
        _ = try await RecipeImporter.save(
            recipes, into: runtime.storage(for: RecipesPlugin.id),
            audit: AuditEntry(
                at: runtime.clock.now, actor: DemoAdmin.id, action: "recipes.import",
                detail: "\(recipes.count) from \(file.path)"))
    }
}
