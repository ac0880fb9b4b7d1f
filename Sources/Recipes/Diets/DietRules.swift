/// Which diets a recipe suits: the labels its source declares, or — when it declares none — the
/// ones these rules derive from its ingredients and nutrition, marked as derived.
///
/// The rules (also in the README):
/// - **vegetarian**: no ingredient names meat, poultry, fish or seafood, gelatin or lard.
/// - **vegan**: vegetarian, and no ingredient names eggs, dairy, honey or other animal products.
/// - **gluten free**: no ingredient names wheat, flour, bread, pasta, barley, rye, malt, couscous,
///   semolina, soy sauce or the like, unless it says "gluten-free" or is a flour that has no gluten
///   (almond, rice, coconut, corn, oat-free buckwheat…).
/// - **dairy free**: no ingredient names milk, butter, cheese, cream, yogurt, whey or ghee
///   (plant milks and butters such as coconut milk and peanut butter do not count).
/// - **keto**: nutrition is known and carbohydrates less fibre are at most 10 g per serving.
///
/// A recipe without ingredients gets no derived label.
public enum DietRules {
    /// The labels for `recipe`, declared ones first and alone when there are any.
    public static func labels(for recipe: Recipe) -> [DietLabel] {
        if !recipe.diets.isEmpty {
            return recipe.diets.map { DietLabel(name: Diet(label: $0)?.rawValue ?? $0, derived: false) }
        }
        return derivedDiets(for: recipe).map { DietLabel(name: $0.rawValue, derived: true) }
    }

    /// Whether `recipe` suits `diet`, declared or derived.
    public static func suits(_ recipe: Recipe, _ diet: Diet) -> Bool {
        if !recipe.diets.isEmpty {
            let declared = Set(recipe.diets.compactMap(Diet.init(label:)))
            return declared.contains(diet) || (diet == .vegetarian && declared.contains(.vegan))
        }
        return derivedDiets(for: recipe).contains(diet)
    }

    static func derivedDiets(for recipe: Recipe) -> [Diet] {
        guard !recipe.ingredients.isEmpty else { return [] }
        let lines = recipe.ingredients.map(wordsWithoutExceptions)
        func any(_ words: Set<String>) -> Bool { lines.contains { !$0.isDisjoint(with: words) } }
        var diets: [Diet] = []
        let vegetarian = !any(meat)
        if vegetarian, !any(animalProducts), !any(dairy) { diets.append(.vegan) }
        if vegetarian { diets.append(.vegetarian) }
        if !any(gluten) { diets.append(.glutenFree) }
        if !any(dairy) { diets.append(.dairyFree) }
        if let carbohydrates = grams(recipe.nutrition["carbohydrateContent"]) {
            let fibre = grams(recipe.nutrition["fiberContent"]) ?? 0
            if carbohydrates - fibre <= 10 { diets.append(.keto) }
        }
        return diets
    }

    /// The words of an ingredient line, lowercased and singular, after removing the phrases that
    /// look like an animal product or gluten but are not ("coconut milk", "gluten-free flour").
    static func wordsWithoutExceptions(_ line: String) -> Set<String> {
        var text = line.lowercased()
        for phrase in exceptions { text = text.replacing(phrase, with: " ") }
        return Set(singularWords(in: text))
    }

    private static func grams(_ value: String?) -> Double? {
        value.flatMap(RecipeNumber.first(in:))
    }

    private static let exceptions = [
        "gluten-free", "gluten free", "dairy-free", "dairy free", "vegan", "plant-based", "non-dairy",
        "coconut milk", "coconut cream", "almond milk", "oat milk", "soy milk", "rice milk", "cashew milk",
        "peanut butter", "almond butter", "cashew butter", "cocoa butter", "apple butter", "sunflower butter",
        "butternut", "cream of tartar", "coconut yogurt", "eggplant", "egg replacer", "flax egg",
        "almond flour", "rice flour", "coconut flour", "corn flour", "cornflour", "chickpea flour", "buckwheat flour",
        "tapioca flour", "oat flour", "potato flour", "cornstarch", "buckwheat", "rice noodle", "tamari",
        "gluten-free pasta", "vegetable broth", "vegetable stock", "chicken-free", "meatless", "mushroom broth",
    ]

    private static let meat: Set<String> = [
        "beef", "pork", "chicken", "turkey", "lamb", "veal", "bacon", "ham", "sausage", "prosciutto", "pancetta",
        "salami", "pepperoni", "chorizo", "duck", "goose", "venison", "meat", "steak", "brisket", "mince", "fish",
        "salmon", "tuna", "cod", "tilapia", "halibut", "trout", "anchovy", "sardine", "shrimp", "prawn", "crab",
        "lobster", "clam", "mussel", "oyster", "scallop", "squid", "octopus", "gelatin", "gelatine", "lard",
        "broth", "stock", "bouillon", "worcestershire", "meatball", "rib", "tri", "hot dog", "jerky",
    ]
    private static let animalProducts: Set<String> = [
        "egg", "yolk", "white", "honey", "mayonnaise", "mayo", "ghee", "whey", "casein",
    ]
    private static let dairy: Set<String> = [
        "milk", "butter", "buttermilk", "cheese", "cheddar", "mozzarella", "parmesan", "ricotta", "feta", "brie",
        "cream", "yogurt", "yoghurt", "ghee", "whey", "mascarpone", "custard", "kefir", "gouda", "creme", "fraiche",
    ]
    private static let gluten: Set<String> = [
        "flour", "wheat", "bread", "breadcrumb", "crumb", "pasta", "spaghetti", "macaroni", "noodle", "barley",
        "rye", "malt", "couscous", "semolina", "bulgur", "farro", "spelt", "seitan", "cracker", "tortilla", "pita",
        "bun", "roll", "biscuit", "cookie", "cake", "panko", "soy", "beer", "orzo", "penne", "lasagna", "fettuccine",
        "linguine", "graham", "crouton", "pastry", "dough", "bagel", "brioche", "baguette", "oreo",
    ]
}
