import Recipes

/// How recipes read in chat.
enum RecipeFormatter {
    /// "#12 Skillet Cornbread — 35 min, 8 servings".
    static func line(_ id: Int64, _ recipe: Recipe) -> String {
        let facts = [recipe.minutesToMake.map(duration), recipe.yields].compactMap { $0 }
        return "#\(id) \(recipe.title)" + (facts.isEmpty ? "" : " — " + facts.joined(separator: ", "))
    }

    /// The recipe number a user typed: "12" or "#12".
    static func number(_ text: String) -> Int64? {
        Int64(text.trimmingPrefix("#"))
    }

    /// One bullet line per ingredient.
    static func bullets(_ ingredients: [String]) -> [String] {
        ingredients.map { "• \($0)" }
    }

    /// "35 min", "1 h 30 min".
    static func duration(_ minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The general view: time, servings, source and what to ask next.
    static func overview(_ id: Int64, _ recipe: Recipe, prefix: String) -> [String] {
        var lines = ["#\(id) \(recipe.title)"]
        var time: [String] = []
        if let total = recipe.minutesToMake { time.append("Time: \(duration(total))") }
        let parts = [
            recipe.prepMinutes.map { "prep \(duration($0))" }, recipe.cookMinutes.map { "cook \(duration($0))" },
        ]
        .compactMap { $0 }
        if !parts.isEmpty, !time.isEmpty { time[0] += " (\(parts.joined(separator: ", ")))" }
        if let yields = recipe.yields { time.append("Makes: \(yields)") }
        if !time.isEmpty { lines.append(time.joined(separator: " · ")) }
        lines.append("\(recipe.ingredients.count) ingredients, \(recipe.steps.count) steps")
        if let source = recipe.source { lines.append("Source: \(source)") }
        lines.append(
            "More: \(prefix)recipe \(id) ingredients | steps | nutrition | diets | summary | serves N — "
                + "cook it with \(prefix)cook \(id)")
        return lines
    }

    /// Nutrition per serving in a fixed order, each nutrient named the way people say it.
    static func nutrition(_ recipe: Recipe) -> [String] {
        let named: [(String, String)] = [
            ("calories", "calories"), ("proteinContent", "protein"), ("fatContent", "fat"),
            ("carbohydrateContent", "carbohydrates"), ("fiberContent", "fibre"), ("sugarContent", "sugar"),
            ("sodiumContent", "sodium"),
        ]
        return named.compactMap { key, name in
            recipe.nutrition[key].map { value in
                key == "calories" && !value.contains(where: \.isLetter) ? "\(name): \(value) kcal" : "\(name): \(value)"
            }
        }
    }
}
