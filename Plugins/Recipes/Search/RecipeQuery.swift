import HomeroomCore
import Recipes

/// What `/recipe …` asks for: words to search, and filters — diets (`vegan`, `gluten free`),
/// a time limit (`under 30 min`, `under 1 hour`) and ingredients (`with chickpeas`).
struct RecipeQuery: Equatable {
    var words: [String] = []
    var diets: [Diet] = []
    var maximumMinutes: Int?
    var ingredients: [String] = []

    var isEmpty: Bool { words.isEmpty && diets.isEmpty && maximumMinutes == nil && ingredients.isEmpty }

    /// The search text for the index.
    var text: String { words.joined(separator: " ") }

    init(_ arguments: [String]) throws(UserFacingError) {
        var tokens = arguments.map { $0.lowercased() }[...]
        while let token = tokens.popFirst() {
            if token == "under" || token == "within" {
                guard let amount = tokens.popFirst(), let number = Int(amount.prefix { $0.isNumber }) else {
                    throw UserFacingError("say how long, e.g. under 30 min")
                }
                let tooLong = UserFacingError("say a time up to a year, e.g. under 30 min")
                // Checked before it is multiplied, so that hours cannot overflow.
                guard number <= RecipeLimits.maximumMinutes else { throw tooLong }
                var unit = String(amount.drop { $0.isNumber })
                if unit.isEmpty, let next = tokens.first, next.first?.isLetter == true { unit = tokens.removeFirst() }
                switch unit {
                case "", "m", "min", "mins", "minute", "minutes": maximumMinutes = number
                case "h", "hr", "hrs", "hour", "hours": maximumMinutes = number * 60
                default: throw UserFacingError("\"\(unit)\" is not a time unit — say under 30 min or under 1 hour")
                }
                if let maximumMinutes, maximumMinutes > RecipeLimits.maximumMinutes { throw tooLong }
            } else if token == "with" {
                guard let ingredient = tokens.popFirst() else {
                    throw UserFacingError("with what? e.g. with chickpeas")
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
                words.append(token)
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
