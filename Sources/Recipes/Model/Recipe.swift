/// A recipe as Homeroom keeps it: what a page's schema.org `Recipe` says, or what an entry of a
/// recipe book file says, in one shape.
///
/// Its `Codable` form is the recipe book format `homeroom import recipes` reads (documented in the
/// README): `title` and `ingredients` and `steps` are required, everything else may be left out.
public struct Recipe: Codable, Sendable, Equatable {
    /// The name: "Skillet Cornbread".
    public var title: String
    /// A sentence or two about it.
    public var summary: String?
    /// Where it comes from: the page's address, or a book's name.
    public var source: String?
    /// The address of a picture of it.
    public var image: String?
    /// Minutes from start to table.
    public var totalMinutes: Int?
    /// Minutes of preparation.
    public var prepMinutes: Int?
    /// Minutes of cooking.
    public var cookMinutes: Int?
    /// What it makes, as people say it: "8 servings", "24 cookies".
    public var yields: String?
    /// The ingredient lines, as written: "1 1/2 cups cornmeal".
    public var ingredients: [String]
    /// The steps, in order.
    public var steps: [RecipeStep]
    /// Nutrition per serving, by schema.org name (`calories`, `proteinContent`, …): "143 kcal", "4 g".
    public var nutrition: [String: String]
    /// The diets the source itself declares: "Vegan", "Gluten Free Diet".
    public var diets: [String]
    /// Keywords, category and cuisine: what search finds besides the title.
    public var tags: [String]

    /// Creates a recipe.
    public init(
        title: String, summary: String? = nil, source: String? = nil, image: String? = nil,
        totalMinutes: Int? = nil, prepMinutes: Int? = nil, cookMinutes: Int? = nil, yields: String? = nil,
        ingredients: [String], steps: [RecipeStep], nutrition: [String: String] = [:], diets: [String] = [],
        tags: [String] = []
    ) {
        self.title = title
        self.summary = summary
        self.source = source
        self.image = image
        self.totalMinutes = totalMinutes
        self.prepMinutes = prepMinutes
        self.cookMinutes = cookMinutes
        self.yields = yields
        self.ingredients = ingredients
        self.steps = steps
        self.nutrition = nutrition
        self.diets = diets
        self.tags = tags
    }

    enum CodingKeys: String, CodingKey {
        case title, summary, source, image, totalMinutes, prepMinutes, cookMinutes, yields, ingredients, steps
        case nutrition, diets, tags
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        totalMinutes = try container.decodeIfPresent(Int.self, forKey: .totalMinutes)
        prepMinutes = try container.decodeIfPresent(Int.self, forKey: .prepMinutes)
        cookMinutes = try container.decodeIfPresent(Int.self, forKey: .cookMinutes)
        yields = try container.decodeIfPresent(String.self, forKey: .yields)
        ingredients = try container.decode([String].self, forKey: .ingredients)
        steps = try container.decode([RecipeStep].self, forKey: .steps)
        nutrition = try container.decodeIfPresent([String: String].self, forKey: .nutrition) ?? [:]
        diets = try container.decodeIfPresent([String].self, forKey: .diets) ?? []
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    /// The number of servings (or pieces) `yields` starts with: 8 for "8 servings", nil for "a loaf"
    /// or for more than ``RecipeLimits/maximumServings``.
    public var servings: Int? {
        guard let yields else { return nil }
        let digits = yields.drop { !$0.isNumber }.prefix { $0.isNumber }
        return Int(digits).flatMap { (1...RecipeLimits.maximumServings).contains($0) ? $0 : nil }
    }

    /// The time to make it: the total, else preparation and cooking added; nil when the sum
    /// would not fit in an `Int`.
    public var minutesToMake: Int? {
        if let totalMinutes { return totalMinutes }
        guard prepMinutes != nil || cookMinutes != nil else { return nil }
        let (sum, overflow) = (prepMinutes ?? 0).addingReportingOverflow(cookMinutes ?? 0)
        return overflow ? nil : sum
    }
}

/// One step of a recipe's method.
public struct RecipeStep: Codable, Sendable, Equatable {
    /// The part of the recipe it belongs to ("For the glaze"), when the method has parts.
    public var section: String?
    /// A short name of its own, when it has one that is not the start of its text.
    public var name: String?
    /// What to do.
    public var text: String

    /// Creates a step.
    public init(_ text: String, name: String? = nil, section: String? = nil) {
        self.text = text
        self.name = name
        self.section = section
    }

    enum CodingKeys: String, CodingKey { case section, name, text }

    /// Reads a step written as a plain string or as `{"text": …, "section": …, "name": …}`.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .text),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            section: try container.decodeIfPresent(String.self, forKey: .section))
    }

    public func encode(to encoder: any Encoder) throws {
        if section == nil, name == nil {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(section, forKey: .section)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encode(text, forKey: .text)
        }
    }
}
