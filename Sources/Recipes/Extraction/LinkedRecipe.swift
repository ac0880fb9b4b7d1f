import HTMLText

/// One schema.org `Recipe` object read into a ``Recipe``, each property in the forms pages use.
///
/// Reading is bounded: long texts are cut before they are cleaned, lists are read only up to
/// their limits, and a method's nesting only to ``RecipeLimits/maximumStepNesting``. What is left
/// out is named in ``warnings``; ``Recipe/limited()`` then holds the rest to ``RecipeLimits``.
struct LinkedRecipe {
    let object: LinkedDataValue
    /// What was left out while reading, for the admin or the log.
    private(set) var warnings: [String] = []

    init(_ object: LinkedDataValue) { self.object = object }

    /// Reads the recipe; call once.
    mutating func read() -> Recipe {
        Recipe(
            title: object["name"].flatMap(text) ?? "", summary: object["description"].map { text($0) ?? "" },
            totalMinutes: minutes("totalTime", "the total time"),
            prepMinutes: minutes("prepTime", "the preparation time"),
            cookMinutes: minutes("cookTime", "the cooking time"), yields: yields(), ingredients: ingredients(),
            steps: steps(), nutrition: nutrition, diets: diets, tags: tags)
    }

    /// The first string of a value (a list gives its first), normalized; nil when empty.
    private func text(_ value: LinkedDataValue) -> String? {
        guard let string = value.list.first?.string else { return nil }
        let normalized = SchemaText.normalize(Self.cut(string))
        return normalized.isEmpty ? nil : normalized
    }

    /// `text` cut to ``RecipeLimits/maximumRawTextLength`` before it is cleaned.
    private static func cut(_ text: String) -> String {
        text.utf8.count > RecipeLimits.maximumRawTextLength
            ? String(text.prefix(RecipeLimits.maximumRawTextLength)) : text
    }

    /// A duration; an object with `maxValue` (a QuantitativeValue) gives its maximum. One longer
    /// than ``RecipeLimits/maximumMinutes`` is left out with a warning.
    private mutating func minutes(_ key: String, _ what: String) -> Int? {
        guard let value = object[key] else { return nil }
        guard let string = value.string ?? value["maxValue"]?.string else { return nil }
        do {
            return try RecipeDuration.minutes(string)
        } catch {
            warnings.append("\(what) \"\(string.prefix(40))\" is longer than a year and was left out")
            return nil
        }
    }

    /// The yield. Of several ("4", "serves 4-6"), the first gives the number and the first with
    /// words says what it counts. A value longer than ``RecipeLimits/maximumShortTextLength`` is
    /// not a yield.
    private mutating func yields() -> String? {
        let values = ((object["recipeYield"] ?? object["yield"])?.list ?? []).prefix(20).compactMap {
            $0.string ?? $0["value"]?.string
        }
        guard let first = values.first else { return nil }
        guard values.allSatisfy({ $0.utf8.count <= RecipeLimits.maximumShortTextLength }) else {
            warnings.append(
                "the yield is longer than \(RecipeLimits.maximumShortTextLength) characters and was left out")
            return nil
        }
        let described = values.first { $0.contains(where: \.isLetter) } ?? first
        return RecipeYield.text(described, count: first == described ? nil : first)
    }

    /// The ingredient lines, up to ``RecipeLimits/maximumIngredients``.
    private mutating func ingredients() -> [String] {
        let values = (object["recipeIngredient"] ?? object["ingredients"])?.list.lazy.flatMap(\.list) ?? []
        var lines: [String] = []
        for value in values {
            guard let line = (value.string ?? propertyValueText(value)).map({ SchemaText.normalize(Self.cut($0)) }),
                !line.isEmpty
            else { continue }
            guard lines.count < RecipeLimits.maximumIngredients else {
                warnings.append(
                    "the page lists more than \(RecipeLimits.maximumIngredients) ingredients; the first \(RecipeLimits.maximumIngredients) are kept"
                )
                break
            }
            lines.append(line)
        }
        return lines
    }

    /// A `PropertyValue` ingredient: value, unit and name.
    private func propertyValueText(_ value: LinkedDataValue) -> String? {
        guard value.types.contains("PropertyValue") else { return nil }
        let parts = [
            value["value"]?.string, value["unitText"]?.string ?? value["unitCode"]?.string, value["name"]?.string,
        ]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The steps, up to ``RecipeLimits/maximumSteps``.
    private mutating func steps() -> [RecipeStep] {
        guard let instructions = object["recipeInstructions"] ?? object["RecipeInstructions"] else { return [] }
        let list = instructions["itemListElement"] ?? instructions
        // A method given as one string holds its steps on lines; a list holds one step per element.
        if let text = list.string {
            let lines = InstructionText.steps(Self.cut(text))
            if lines.count > RecipeLimits.maximumSteps { warnings.append(Self.tooManySteps) }
            return lines.prefix(RecipeLimits.maximumSteps).map { RecipeStep($0) }
        }
        var collector = StepCollector()
        collector.collect(from: list, section: nil, depth: 0, reading: self)
        warnings += collector.warnings
        return collector.steps
    }

    private static let tooManySteps =
        "the page lists more than \(RecipeLimits.maximumSteps) steps; the first \(RecipeLimits.maximumSteps) are kept"

    /// Gathers a method's steps from its lists and sections, no deeper than
    /// ``RecipeLimits/maximumStepNesting`` and no more than ``RecipeLimits/maximumSteps``.
    private struct StepCollector {
        var steps: [RecipeStep] = []
        var warnings: [String] = []
        private var isFull = false
        private var wentTooDeep = false

        mutating func collect(from value: LinkedDataValue, section: String?, depth: Int, reading: LinkedRecipe) {
            guard !isFull else { return }
            guard depth <= RecipeLimits.maximumStepNesting else {
                if !wentTooDeep {
                    wentTooDeep = true
                    warnings.append(
                        "steps nested deeper than \(RecipeLimits.maximumStepNesting) lists or sections were left out")
                }
                return
            }
            switch value {
            case .array(let elements):
                for element in elements {
                    collect(from: element, section: section, depth: depth + 1, reading: reading)
                    if isFull { return }
                }
            case .string(let text):
                let normalized = SchemaText.normalize(LinkedRecipe.cut(text))
                if !normalized.isEmpty { append(RecipeStep(normalized, section: section)) }
            case .object:
                if value.types.contains("HowToSection") {
                    let name = (value["name"] ?? value["Name"]).flatMap(reading.text)
                    if let elements = value["itemListElement"] ?? value["ItemListElement"] {
                        collect(from: elements, section: name ?? section, depth: depth + 1, reading: reading)
                    }
                    return
                }
                let body = value["itemListElement"].map { $0.list.first ?? $0 } ?? value
                guard
                    let stepText = (body["text"] ?? value["text"]).flatMap(reading.text)
                        ?? value["name"].flatMap(reading.text)
                else {
                    return
                }
                var name = value["name"].flatMap(reading.text)
                if let given = name, stepText.hasPrefix(given.trimmingSuffix(".")) { name = nil }
                append(RecipeStep(stepText, name: name, section: section))
            default:
                break
            }
        }

        private mutating func append(_ step: RecipeStep) {
            guard steps.count < RecipeLimits.maximumSteps else {
                isFull = true
                warnings.append(LinkedRecipe.tooManySteps)
                return
            }
            steps.append(step)
        }
    }

    private var nutrition: [String: String] {
        guard case .object(let members)? = object["nutrition"] else { return [:] }
        var nutrition: [String: String] = [:]
        for (key, value) in members where !key.hasPrefix("@") && key != "type" {
            guard let string = value.string ?? value.list.first?.string else { continue }
            let normalized = SchemaText.normalize(Self.cut(string))
            if !normalized.isEmpty, normalized != "0" || value.string != nil { nutrition[key] = normalized }
        }
        return nutrition
    }

    private var diets: [String] {
        let values = object["suitableForDiet"]?.list.compactMap(\.string) ?? []
        var seen: Set<String> = []
        return values.flatMap { Self.cut($0).split(separator: ",") }.map { DietName.display(String($0)) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    private var tags: [String] {
        let fields = ["keywords", "recipeCategory", "recipeCuisine"].compactMap { object[$0] }
        var seen: Set<String> = []
        return fields.flatMap(\.list).compactMap(\.string).flatMap { Self.cut($0).split(separator: ",") }
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
