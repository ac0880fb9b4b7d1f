import HTMLText

/// One schema.org `Recipe` object read into a ``Recipe``, each property in the forms pages use.
struct LinkedRecipe {
    let object: LinkedDataValue

    init(_ object: LinkedDataValue) { self.object = object }

    var recipe: Recipe {
        Recipe(
            title: object["name"].flatMap(text) ?? "", summary: object["description"].map { text($0) ?? "" },
            totalMinutes: minutes("totalTime"), prepMinutes: minutes("prepTime"),
            cookMinutes: minutes("cookTime"), yields: yields, ingredients: ingredients, steps: steps,
            nutrition: nutrition, diets: diets, tags: tags)
    }

    /// The first string of a value (a list gives its first), normalized; nil when empty.
    private func text(_ value: LinkedDataValue) -> String? {
        guard let string = value.list.first?.string else { return nil }
        let normalized = SchemaText.normalize(string)
        return normalized.isEmpty ? nil : normalized
    }

    /// A duration; an object with `maxValue` (a QuantitativeValue) gives its maximum.
    private func minutes(_ key: String) -> Int? {
        guard let value = object[key] else { return nil }
        guard let string = value.string ?? value["maxValue"]?.string else { return nil }
        return RecipeDuration.minutes(string)
    }

    /// The yield. Of several ("4", "serves 4-6"), the first gives the number and the first with
    /// words says what it counts.
    private var yields: String? {
        let values = ((object["recipeYield"] ?? object["yield"])?.list ?? []).compactMap {
            $0.string ?? $0["value"]?.string
        }
        guard let first = values.first else { return nil }
        let described = values.first { $0.contains(where: \.isLetter) } ?? first
        return RecipeYield.text(described, count: first == described ? nil : first)
    }

    private var ingredients: [String] {
        let values = (object["recipeIngredient"] ?? object["ingredients"])?.list.flatMap(\.list) ?? []
        return values.compactMap { value -> String? in
            let line = value.string ?? propertyValueText(value)
            return line.map(SchemaText.normalize).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// A `PropertyValue` ingredient: value, unit and name.
    private func propertyValueText(_ value: LinkedDataValue) -> String? {
        guard value.types.contains("PropertyValue") else { return nil }
        let parts = [
            value["value"]?.string, value["unitText"]?.string ?? value["unitCode"]?.string, value["name"]?.string,
        ]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private var steps: [RecipeStep] {
        guard let instructions = object["recipeInstructions"] ?? object["RecipeInstructions"] else { return [] }
        var steps: [RecipeStep] = []
        let list = instructions["itemListElement"] ?? instructions
        // A method given as one string holds its steps on lines; a list holds one step per element.
        if let text = list.string { return InstructionText.steps(text).map { RecipeStep($0) } }
        collectSteps(from: list, section: nil, into: &steps)
        return steps
    }

    private func collectSteps(from value: LinkedDataValue, section: String?, into steps: inout [RecipeStep]) {
        switch value {
        case .array(let elements):
            for element in elements { collectSteps(from: element, section: section, into: &steps) }
        case .string(let text):
            let normalized = SchemaText.normalize(text)
            if !normalized.isEmpty { steps.append(RecipeStep(normalized, section: section)) }
        case .object:
            if value.types.contains("HowToSection") {
                let name = (value["name"] ?? value["Name"]).flatMap(text)
                if let elements = value["itemListElement"] ?? value["ItemListElement"] {
                    collectSteps(from: elements, section: name ?? section, into: &steps)
                }
                return
            }
            let body = value["itemListElement"].map { $0.list.first ?? $0 } ?? value
            guard let stepText = (body["text"] ?? value["text"]).flatMap(text) ?? value["name"].flatMap(text) else {
                return
            }
            var name = value["name"].flatMap(text)
            if let given = name, stepText.hasPrefix(given.trimmingSuffix(".")) { name = nil }
            steps.append(RecipeStep(stepText, name: name, section: section))
        default:
            break
        }
    }

    private var nutrition: [String: String] {
        guard case .object(let members)? = object["nutrition"] else { return [:] }
        var nutrition: [String: String] = [:]
        for (key, value) in members where !key.hasPrefix("@") && key != "type" {
            guard let string = value.string ?? value.list.first?.string else { continue }
            let normalized = SchemaText.normalize(string)
            if !normalized.isEmpty, normalized != "0" || value.string != nil { nutrition[key] = normalized }
        }
        return nutrition
    }

    private var diets: [String] {
        let values = object["suitableForDiet"]?.list.compactMap(\.string) ?? []
        var seen: Set<String> = []
        return values.flatMap { $0.split(separator: ",") }.map { DietName.display(String($0)) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    private var tags: [String] {
        let fields = ["keywords", "recipeCategory", "recipeCuisine"].compactMap { object[$0] }
        var seen: Set<String> = []
        return fields.flatMap(\.list).compactMap(\.string).flatMap { $0.split(separator: ",") }
            .map { SchemaText.normalize(String($0)) }.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}

extension String {
    func trimmingSuffix(_ suffix: Character) -> Substring {
        var trimmed = Substring(self)
        while trimmed.last == suffix { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
