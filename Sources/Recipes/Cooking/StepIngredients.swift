/// Which ingredients a step uses, found by name in the step's text: "Whisk the eggs and sugar"
/// uses "3 large eggs" and "1 cup sugar".
///
/// An ingredient matches when the step names its head word (the last word of its name, singular
/// or plural: "eggs" for "large eggs, beaten"). When several ingredients share a head word
/// ("sugar" and "brown sugar") and the step names one of them in full, only that one matches.
public struct StepIngredients: Sendable {
    private let ingredients: [String]
    /// The words of each ingredient's name, singular: "eggs" for "3 large eggs, beaten".
    private let nameWords: [[String]]

    /// Prepares matching for `ingredients`.
    public init(_ ingredients: [String]) {
        self.ingredients = ingredients
        nameWords = ingredients.map { singularWords(in: IngredientLine($0).name) }
    }

    /// The ingredients (as written) that `step` uses, in the recipe's order.
    public func used(by step: String) -> [String] {
        let stepWords = singularWords(in: step)
        let stepText = " " + stepWords.joined(separator: " ") + " "
        var byHead: [String: [(index: Int, name: String, fullNameFound: Bool)]] = [:]
        for (index, nameWords) in nameWords.enumerated() {
            guard let head = nameWords.last, head.count > 1, stepWords.contains(head) else { continue }
            let fullName = " " + nameWords.joined(separator: " ") + " "
            byHead[head, default: []].append((index, fullName, stepText.contains(fullName)))
        }
        var chosen: [Int] = []
        for candidates in byHead.values {
            let full = candidates.filter(\.fullNameFound)
            // "sugar" is found inside "brown sugar" too: the longest name found wins.
            let longest = full.filter { candidate in
                !full.contains { $0.name.count > candidate.name.count && $0.name.hasSuffix(candidate.name) }
            }
            chosen += (longest.isEmpty ? candidates : longest).map(\.index)
        }
        return chosen.sorted().map { ingredients[$0] }
    }
}
