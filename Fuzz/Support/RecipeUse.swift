import Foundation
import Recipes

/// What the recipes plugin does with a recipe it read: saves and reloads it (JSON), lists its diets,
/// matches ingredients to steps, shows it scaled for 1, 3 and 500 people, and inspects it.
func useRecipe(_ recipe: Recipe) {
    _ = recipe.minutesToMake
    _ = DietRules.labels(for: recipe)
    let matching = StepIngredients(recipe.ingredients)
    for step in recipe.steps { _ = matching.used(by: step.text) }
    if let servings = recipe.servings {
        for people in [1, 3, 500] {
            let factor = Double(people) / Double(servings)
            for line in recipe.ingredients { _ = IngredientLine(line).scaled(by: factor) }
        }
    }
    if let saved = try? JSONEncoder().encode(recipe) { _ = try? JSONDecoder().decode(Recipe.self, from: saved) }
    _ = try? JSONEncoder().encode(RecipeInspection(recipe))
}
