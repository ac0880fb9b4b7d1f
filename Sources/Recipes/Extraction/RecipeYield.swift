/// What a recipe makes, from `recipeYield` as pages write it ("4", 4, "Serves 4-6", "24 cookies",
/// "2 dozen", ["8", "8 slices"]), said one way: "6 servings", "24 cookies", "2 dozen".
enum RecipeYield {
    /// The yield, or nil when the value names no number; `count`, when given, is where the
    /// number comes from ("4" beside "serves 4-6").
    static func text(_ value: String, count countText: String? = nil) -> String? {
        var text = Substring(SchemaText.normalize(value))
        // "4-6 servings", "4 to 6": the larger number.
        if let range = text.firstMatch(of: #/(?i)\d+(\s+to\s+|-)(?=\d)/#) { text = text[range.range.upperBound...] }
        guard let number = text.firstMatch(of: numberPattern) else { return nil }
        let digits = countText.flatMap { $0.firstMatch(of: numberPattern)?.output } ?? number.output
        let isOne = Double(digits.replacing(",", with: ".")) == 1
        if text.lowercased().contains("dozen") { return "\(digits) dozen" }
        let words = text[number.range.upperBound...].split { !$0.isLetter }.map { $0.lowercased() }
        for word in words.prefix(3) {
            if servingWords.contains(word) { break }
            if let noun = itemNouns[word] ?? itemNouns[singularForm(word)] {
                return "\(digits) \(isOne ? noun.singular : noun.plural)"
            }
        }
        return "\(digits) serving\(isOne ? "" : "s")"
    }

    private static var numberPattern: Regex<Substring> { #/\d+(?:[.,]\d+)?/# }

    private static let servingWords: Set<String> = [
        "serving", "servings", "people", "persons", "person", "portions", "portion", "serves", "adults",
    ]

    private static let itemNouns: [String: (singular: String, plural: String)] = {
        let pairs: [(String, String)] = [
            ("cookie", "cookies"), ("slice", "slices"), ("cupcake", "cupcakes"), ("piece", "pieces"),
            ("cup", "cups"), ("roll", "rolls"), ("bun", "buns"), ("crepe", "crepes"), ("brownie", "brownies"),
            ("square", "squares"), ("loaf", "loaves"), ("cake", "cakes"), ("bowl", "bowls"), ("churro", "churros"),
            ("wrap", "wraps"), ("blondie", "blondies"), ("bar", "bars"), ("muffin", "muffins"),
            ("pancake", "pancakes"), ("pie", "pies"), ("sandwich", "sandwiches"), ("patty", "patties"),
            ("batch", "batches"), ("scoop", "scoops"),
            ("layer", "layers"), ("pint", "pints"), ("gallon", "gallons"),
            ("item", "items"), ("ounce", "ounces"), ("pound", "pounds"), ("gram", "grams"), ("liter", "liters"),
        ]
        var nouns: [String: (String, String)] = [:]
        for (singular, plural) in pairs {
            nouns[singular] = (singular, plural)
            nouns[plural] = (singular, plural)
        }
        return nouns
    }()
}
