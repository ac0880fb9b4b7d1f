import HomeroomCore
import Recipes

/// What `/recipe …` asks for: words to search, and filters — diets (`vegan`, `gluten free`),
/// a time limit (`under 30 min`, `under 1 hour`) and ingredients (`with chickpeas`).
struct RecipeQuery: Equatable {
    /// The words to search for: what is left when the filters are read.
    var terms: [String] = []
    var diets: [Diet] = []
    var maximumMinutes: Int?
    var ingredients: [String] = []

    var isEmpty: Bool { terms.isEmpty && diets.isEmpty && maximumMinutes == nil && ingredients.isEmpty }

    /// The search text for the index.
    var text: String { terms.joined(separator: " ") }

    /// Reads `arguments`; a filter that cannot be read is an error in the language of `words`.
    init(_ arguments: [String], _ words: Words) throws(UserFacingError) {
        var tokens = arguments.map { $0.lowercased() }[...]
        while let token = tokens.popFirst() {
            if token == "under" || token == "within" {
                guard let amount = tokens.popFirst(), let number = Int(amount.prefix { $0.isNumber }) else {
                    throw UserFacingError(words("say how long, e.g. {example}", ["example": "under 30 min"]))
                }
                let tooLong = UserFacingError(
                    words("say a time up to a year, e.g. {example}", ["example": "under 30 min"]))
                // Checked before it is multiplied, so that hours cannot overflow.
                guard number <= RecipeLimits.maximumMinutes else { throw tooLong }
                var unit = String(amount.drop { $0.isNumber })
                if unit.isEmpty, let next = tokens.first, next.first?.isLetter == true { unit = tokens.removeFirst() }
                switch unit {
                case "", "m", "min", "mins", "minute", "minutes": maximumMinutes = number
                case "h", "hr", "hrs", "hour", "hours": maximumMinutes = number * 60
                default:
                    throw UserFacingError(
                        words(
                            "\"{unit}\" is not a time unit — say {minutes} or {hours}",
                            ["unit": unit, "minutes": "under 30 min", "hours": "under 1 hour"]))
                }
                if let maximumMinutes, maximumMinutes > RecipeLimits.maximumMinutes { throw tooLong }
            } else if token == "with" {
                guard let ingredient = tokens.popFirst() else {
                    throw UserFacingError(words("with what? e.g. {example}", ["example": "with chickpeas"]))
                }
                ingredients.append(ingredient)
            } else if let diet = Diet(rawValue: token) {
                diets.append(diet)
            } else if ["gluten", "dairy"].contains(token), tokens.first == "free" || tokens.first == "-free" {
                tokens.removeFirst()
                diets.append(token == "gluten" ? .glutenFree : .dairyFree)
            } else if let diet = Diet(label: token) {
                diets.append(diet)
            } else {
                terms.append(token)
            }
        }
    }

    /// Whether `recipe` passes the filters (the words are the index's business).
    func admits(_ recipe: Recipe) -> Bool {
        if let maximumMinutes {
            guard let minutes = recipe.minutesToMake, minutes <= maximumMinutes else { return false }
        }
        for diet in diets where !DietRules.suits(recipe, diet) { return false }
        for ingredient in ingredients {
            let wanted = singularForm(ingredient)
            guard recipe.ingredients.contains(where: { singularWords(in: $0).contains(wanted) }) else { return false }
        }
        return true
    }
}
