/// A diet a recipe suits, and whether the recipe's source says so or Homeroom worked it out.
public struct DietLabel: Sendable, Equatable, CustomStringConvertible {
    /// The diet: "vegan", "vegetarian", "gluten free", "dairy free", "keto", or a declared label
    /// Homeroom does not know ("Low Calorie Diet").
    public let name: String
    /// True when Homeroom derived it from the ingredients and nutrition (see ``DietRules``).
    public let derived: Bool

    /// Creates a label.
    public init(name: String, derived: Bool) {
        self.name = name
        self.derived = derived
    }

    public var description: String { derived ? "\(name) (derived)" : name }
}

/// The diets Homeroom knows, as users type them in filters (`/recipe pasta vegan`).
public enum Diet: String, Sendable, CaseIterable {
    case vegan, vegetarian
    case glutenFree = "gluten free"
    case dairyFree = "dairy free"
    case keto

    /// The diet a declared label names: "Vegan Diet", "https://schema.org/VeganDiet", "Gluten-free".
    public init?(label: String) {
        let name = label.split(separator: "/").last.map(String.init) ?? label
        let words = name.lowercased().replacing("-", with: " ").replacing("diet", with: "")
            .split(separator: " ").joined(separator: " ")
        switch words {
        case "vegan": self = .vegan
        case "vegetarian": self = .vegetarian
        case "gluten free", "glutenfree": self = .glutenFree
        case "dairy free", "dairyfree", "lactose free": self = .dairyFree
        case "keto", "ketogenic", "low carb": self = .keto
        default: return nil
        }
    }
}
