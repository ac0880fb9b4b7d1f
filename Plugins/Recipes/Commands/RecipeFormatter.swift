import HomeroomCore
import Recipes

/// How recipes read in chat, in the reader's language. A recipe's title, ingredients, steps,
/// yield and source are the recipe's own words: they go into sentences as marked values.
enum RecipeFormatter {
    /// "#12 Skillet Cornbread — 35 min, 8 servings".
    static func line(_ id: Int64, _ recipe: Recipe, _ words: Words) -> String {
        let facts = [recipe.minutesToMake.map { duration($0, words) }, recipe.yields].compactMap { $0 }
        guard !facts.isEmpty else { return words("#{id} {title}", ["id": String(id), "title": recipe.title]) }
        return words(
            "#{id} {title} — {facts}", ["id": String(id), "title": recipe.title, "facts": words.items(facts)])
    }

    /// The recipe number a user typed: "12" or "#12".
    static func number(_ text: String) -> Int64? {
        Int64(text.trimmingPrefix("#"))
    }

    /// One bullet line per ingredient.
    static func bullets(_ ingredients: [String], _ words: Words) -> [String] {
        ingredients.map { "• " + words.mark($0) }
    }

    /// "35 min", "2 h", "1 h 30 min".
    static func duration(_ minutes: Int, _ words: Words) -> String {
        guard minutes >= 60 else { return words.plural("{count} min", "{count} min", count: minutes) }
        guard minutes % 60 != 0 else { return words.plural("{count} h", "{count} h", count: minutes / 60) }
        // Each part counts in its own plural form (Arabic's "two hours and five minutes").
        return words(
            "{hours} {minutes}", context: "a duration in hours and minutes",
            [
                "hours": words.plural("{count} h", "{count} h", count: minutes / 60),
                "minutes": words.plural("{count} min", "{count} min", count: minutes % 60),
            ])
    }

    /// "4 ingredients", "1 step": how much a recipe holds.
    static func counts(_ recipe: Recipe, _ words: Words) -> (ingredients: String, steps: String) {
        (
            words.plural("{count} ingredient", "{count} ingredients", count: recipe.ingredients.count),
            words.plural("{count} step", "{count} steps", count: recipe.steps.count)
        )
    }

    /// The general view: time, servings, source and what to ask next.
    static func overview(_ id: Int64, _ recipe: Recipe, _ context: CommandContext) -> [String] {
        let words = context.words
        var lines = [words("#{id} {title}", ["id": String(id), "title": recipe.title])]
        var facts: [String] = []
        if let total = recipe.minutesToMake { facts.append(time(total, recipe, words)) }
        if let yields = recipe.yields { facts.append(words("Makes: {yields}", ["yields": yields])) }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        let (ingredients, steps) = counts(recipe, words)
        lines.append(words.items([ingredients, steps]))
        if let source = recipe.source { lines.append(words("Source: {source}", ["source": source])) }
        lines.append(
            words(
                "More: {command} — cook it with {cook}",
                [
                    "command": context.typed(
                        "recipe \(id) ingredients | steps | nutrition | diets | summary | serves N"),
                    "cook": context.typed("cook \(id)"),
                ]))
        return lines
    }

    /// "Time: 35 min (prep 10 min, cook 25 min)", with the parts the recipe gives.
    private static func time(_ total: Int, _ recipe: Recipe, _ words: Words) -> String {
        let time = duration(total, words)
        switch (recipe.prepMinutes.map { duration($0, words) }, recipe.cookMinutes.map { duration($0, words) }) {
        case (let prep?, let cook?):
            return words("Time: {time} (prep {prep}, cook {cook})", ["time": time, "prep": prep, "cook": cook])
        case (let prep?, nil):
            return words("Time: {time} (prep {prep})", ["time": time, "prep": prep])
        case (nil, let cook?):
            return words("Time: {time} (cook {cook})", ["time": time, "cook": cook])
        case (nil, nil):
            return words("Time: {time}", ["time": time])
        }
    }

    /// Nutrition per serving in a fixed order, each nutrient named the way people say it.
    static func nutrition(_ recipe: Recipe, _ words: Words) -> [String] {
        let named: [(key: String, say: (String) -> String)] = [
            (
                "calories",
                { value in
                    value.contains(where: \.isLetter)
                        ? words("calories: {value}", ["value": value])
                        : words("calories: {value} kcal", ["value": value])
                }
            ),
            ("proteinContent", { words("protein: {value}", ["value": $0]) }),
            ("fatContent", { words("fat: {value}", ["value": $0]) }),
            ("carbohydrateContent", { words("carbohydrates: {value}", ["value": $0]) }),
            ("fiberContent", { words("fibre: {value}", ["value": $0]) }),
            ("sugarContent", { words("sugar: {value}", ["value": $0]) }),
            ("sodiumContent", { words("sodium: {value}", ["value": $0]) }),
        ]
        return named.compactMap { key, say in recipe.nutrition[key].map(say) }
    }

    /// A diet's name as the reader's language says it; a declared label Homeroom does not know
    /// ("Low Calorie Diet") is the source's own words.
    static func dietName(_ name: String, _ words: Words) -> String {
        switch Diet(rawValue: name) {
        case .vegan: words("vegan", context: "diet")
        case .vegetarian: words("vegetarian", context: "diet")
        case .glutenFree: words("gluten free", context: "diet")
        case .dairyFree: words("dairy free", context: "diet")
        case .keto: words("keto", context: "diet")
        case nil: words.mark(name)
        }
    }
}
