import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    /// `/recipe 12 [ingredients | steps | nutrition | diets | summary | overview | serves N]`, in
    /// the words of ``RecipeAspect``.
    func show(_ id: Int64, _ context: CommandContext) async throws -> Reply {
        let recipe = try await recipe(id, context)
        let words = context.arguments.dropFirst().map { $0.lowercased() }
        guard let aspect = RecipeAspect(words) else {
            throw context.usageError("\"\(words.joined(separator: " "))\" — ask for \(RecipeAspect.accepted)")
        }
        switch aspect {
        case .overview:
            return Reply(lines: RecipeFormatter.overview(id, recipe, prefix: context.prefix))
        case .ingredients:
            return Reply(
                lines: ["#\(id) \(recipe.title) — ingredients\(recipe.yields.map { " for \($0)" } ?? ""):"]
                    + RecipeFormatter.bullets(recipe.ingredients))
        case .steps:
            return Reply(
                lines: ["#\(id) \(recipe.title) — \(recipe.steps.count) steps:"]
                    + recipe.steps.enumerated().map { "\($0.offset + 1). \($0.element.text)" })
        case .summary:
            let summary = recipe.summary.flatMap { $0.isEmpty ? nil : $0 }
            return Reply("#\(id) \(recipe.title): \(summary ?? "no summary given.")")
        case .nutrition:
            let values = RecipeFormatter.nutrition(recipe)
            guard !values.isEmpty else { return Reply("#\(id) \(recipe.title): its nutrition is not known.") }
            return Reply("#\(id) \(recipe.title), per serving: \(values.joined(separator: ", ")).")
        case .diets:
            return Reply(diets(id, recipe, context))
        case .serves(let rest):
            guard rest.count == 1, let people = Int(rest[0]) else {
                throw context.usageError("say how many, e.g. \(context.typed("recipe \(id) serves 8"))")
            }
            return Reply(lines: try scaled(id, recipe, to: people))
        }
    }

    /// Recipe `id`, or "no recipe #12".
    func recipe(_ id: Int64, _ context: CommandContext) async throws -> Recipe {
        guard let recipe = try await RecipeStore(storage: context.storage, logger: context.logger).recipe(id) else {
            throw UserFacingError("no recipe #\(id) — search with \(context.typed("recipe WORDS"))")
        }
        return recipe
    }

    private func diets(_ id: Int64, _ recipe: Recipe, _ context: CommandContext) -> String {
        let labels = DietRules.labels(for: recipe)
        guard !labels.isEmpty else {
            return "#\(id) \(recipe.title): none of vegan, vegetarian, gluten free, dairy free or keto."
        }
        let derived = labels.contains(where: \.derived)
        let note =
            derived
            ? " (derived from the ingredients and nutrition, not declared by the source)" : " (declared by the source)"
        return "#\(id) \(recipe.title): \(labels.map(\.name).joined(separator: ", "))\(note)."
    }

    private func scaled(_ id: Int64, _ recipe: Recipe, to people: Int) throws(UserFacingError) -> [String] {
        guard (1...500).contains(people) else { throw UserFacingError("serves must be 1 to 500") }
        guard let servings = recipe.servings else {
            throw UserFacingError("#\(id) does not say how many it serves, so I cannot scale it")
        }
        let factor = Double(people) / Double(servings)
        let unit = recipe.yields.map { $0.drop { !$0.isLetter } }.map(String.init) ?? "servings"
        let what =
            unit.hasPrefix("serving")
            ? "serves \(people)" : "makes \(people) \(people == 1 ? singularForm(unit) : unit)"
        return ["#\(id) \(recipe.title), scaled from \(recipe.yields ?? "\(servings)") to \(what):"]
            + recipe.ingredients.map { "• " + IngredientLine($0).scaled(by: factor) }
    }
}
