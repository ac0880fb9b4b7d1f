/// A recipe in the shape of the corpus's `RECIPE_CMD` contract: the fields recipe-scrapers names,
/// every key present, `null` where the page says nothing. `homeroom inspect recipe` prints it and
/// the differential tests compare it.
public struct RecipeInspection: Encodable, Sendable, Equatable {
    public let title: String?
    public let ingredients: [String]
    public let instructionsList: [String]
    public let totalTime: Int?
    public let yields: String?
    public let nutrients: [String: String]
    public let image: String?
    public let description: String?
    public let dietaryRestrictions: [String]?

    enum CodingKeys: String, CodingKey {
        case title, ingredients, image, description, yields, nutrients
        case instructionsList = "instructions_list"
        case totalTime = "total_time"
        case dietaryRestrictions = "dietary_restrictions"
    }

    /// The contract's view of `recipe`: a section's name and a step's own name are lines of the
    /// method before its text, as the reference lists them.
    public init(_ recipe: Recipe) {
        title = recipe.title
        ingredients = recipe.ingredients
        var lines: [String] = []
        var section: String?
        for step in recipe.steps {
            if let stepSection = step.section, stepSection != section { lines.append(stepSection) }
            section = step.section
            if let name = step.name { lines.append(name) }
            lines.append(step.text)
        }
        instructionsList = lines
        totalTime = recipe.minutesToMake
        yields = recipe.yields
        nutrients = recipe.nutrition
        image = recipe.image
        description = recipe.summary
        dietaryRestrictions = recipe.diets.isEmpty ? nil : recipe.diets
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(ingredients, forKey: .ingredients)
        try container.encode(instructionsList, forKey: .instructionsList)
        try container.encode(totalTime, forKey: .totalTime)
        try container.encode(yields, forKey: .yields)
        try container.encode(nutrients, forKey: .nutrients)
        try container.encode(image, forKey: .image)
        try container.encode(description, forKey: .description)
        try container.encode(dietaryRestrictions, forKey: .dietaryRestrictions)
    }
}
