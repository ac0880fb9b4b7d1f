import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    /// `/recipe 12 [ingredients | steps | nutrition | diets | summary | overview | serves N]`, in
    /// the words of ``RecipeAspect``.
    func show(_ id: Int64, _ context: CommandContext) async throws -> Reply {
        let recipe = try await recipe(id, context)
        let words = context.words
        let asked = context.arguments.dropFirst().map { $0.lowercased() }
        guard let aspect = RecipeAspect(asked) else {
            throw context.usageError(
                words(
                    "\"{asked}\" — ask for {aspects} or {serves} (also: {others})",
                    [
                        "asked": asked.joined(separator: " "), "aspects": words.items(RecipeAspect.mainNames),
                        "serves": "serves N", "others": words.items(RecipeAspect.otherNames),
                    ]))
        }
        let name: KeyValuePairs<String, String> = ["id": String(id), "title": recipe.title]
        switch aspect {
        case .overview:
            return Reply(lines: RecipeFormatter.overview(id, recipe, context))
        case .ingredients:
            let heading =
                recipe.yields.map {
                    words(
                        "#{id} {title} — ingredients for {yields}:",
                        ["id": String(id), "title": recipe.title, "yields": $0])
                } ?? words("#{id} {title} — ingredients:", name)
            return Reply(lines: [heading] + RecipeFormatter.bullets(recipe.ingredients, words))
        case .steps:
            return Reply(
                lines: [
                    words.plural(
                        "#{id} {title} — {count} step:", "#{id} {title} — {count} steps:", count: recipe.steps.count,
                        name)
                ]
                    + recipe.steps.enumerated().map {
                        words("{number}. {step}", ["number": words.number($0.offset + 1), "step": $0.element.text])
                    })
        case .summary:
            guard let summary = recipe.summary, !summary.isEmpty else {
                return Reply(words("#{id} {title}: no summary given.", name))
            }
            return Reply(
                words("#{id} {title}: {summary}", ["id": String(id), "title": recipe.title, "summary": summary]))
        case .nutrition:
            let values = RecipeFormatter.nutrition(recipe, words)
            guard !values.isEmpty else { return Reply(words("#{id} {title}: its nutrition is not known.", name)) }
            return Reply(
                words(
                    "#{id} {title}, per serving: {nutrition}.",
                    ["id": String(id), "title": recipe.title, "nutrition": words.joined(values)]))
        case .diets:
            return Reply(diets(id, recipe, words))
        case .serves(let rest):
            guard rest.count == 1, let people = Int(rest[0]) else {
                throw context.usageError(
                    words("say how many, e.g. {example}", ["example": context.typed("recipe \(id) serves 8")]))
            }
            return Reply(lines: try scaled(id, recipe, to: people, words))
        }
    }

    /// Recipe `id`, or "no recipe #12".
    func recipe(_ id: Int64, _ context: CommandContext) async throws -> Recipe {
        guard let recipe = try await RecipeStore(storage: context.storage, logger: context.logger).recipe(id) else {
            throw UserFacingError(
                context.words(
                    "no recipe #{id} — search with {command}",
                    ["id": String(id), "command": context.typed("recipe WORDS")]
                ))
        }
        return recipe
    }

    private func diets(_ id: Int64, _ recipe: Recipe, _ words: Words) -> String {
        let labels = DietRules.labels(for: recipe)
        guard !labels.isEmpty else {
            return words(
                "#{id} {title}: none of vegan, vegetarian, gluten free, dairy free or keto.",
                ["id": String(id), "title": recipe.title])
        }
        let values: KeyValuePairs<String, String> = [
            "id": String(id), "title": recipe.title,
            "diets": words.joined(labels.map { RecipeFormatter.dietName($0.name, words) }),
        ]
        return labels.contains(where: \.derived)
            ? words(
                "#{id} {title}: {diets} (derived from the ingredients and nutrition, not declared by the source).",
                values)
            : words("#{id} {title}: {diets} (declared by the source).", values)
    }

    private func scaled(_ id: Int64, _ recipe: Recipe, to people: Int, _ words: Words) throws(UserFacingError)
        -> [String]
    {
        guard (1...500).contains(people) else {
            throw UserFacingError(
                words(
                    "{serves} must be {lowest} to {highest}",
                    ["serves": "serves", "lowest": words.number(1), "highest": words.number(500)]))
        }
        guard let servings = recipe.servings else {
            throw UserFacingError(
                words("#{id} does not say how many it serves, so I cannot scale it", ["id": String(id)]))
        }
        let factor = Double(people) / Double(servings)
        let unit = recipe.yields.map { $0.drop { !$0.isLetter } }.map(String.init) ?? "servings"
        let from = recipe.yields ?? words.number(servings)
        let heading =
            unit.hasPrefix("serving")
            ? words.plural(
                "#{id} {title}, scaled from {yields} to serves {count}:",
                "#{id} {title}, scaled from {yields} to serves {count}:", count: people,
                ["id": String(id), "title": recipe.title, "yields": from])
            : words.plural(
                "#{id} {title}, scaled from {yields} to makes {count} {unit}:",
                "#{id} {title}, scaled from {yields} to makes {count} {unit}:", count: people,
                [
                    "id": String(id), "title": recipe.title, "yields": from,
                    "unit": people == 1 ? singularForm(unit) : unit,
                ])
        return [heading]
            + RecipeFormatter.bullets(recipe.ingredients.map { IngredientLine($0).scaled(by: factor) }, words)
    }
}
