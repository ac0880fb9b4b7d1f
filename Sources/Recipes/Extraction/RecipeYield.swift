/// What a recipe makes, from `recipeYield` as pages write it ("4", 4, "Serves 4-6", "24 cookies",
/// "2 dozen", ["8", "8 slices"]), said one way: "6 servings", "24 cookies", "2 dozen".
enum RecipeYield {
    /// The yield, or nil when the value names no number; `count`, when given, is where the
    /// number comes from ("4" beside "serves 4-6").
    static func text(_ value: String, count countText: String? = nil) -> String? {
        var text = Substring(SchemaText.normalize(value))
        // "4-6 servings", "4 to 6": the larger number.
        if let range = text.firstMatch(of: #/(?i)\d+(\s+to\s+|-)(?=\d)/#) { text = text[range.range.upperBound...] }
        guard let number = text.firstMatch(of: RecipeNumber.pattern),
            let digits = written(countText.flatMap { $0.firstMatch(of: RecipeNumber.pattern)?.output } ?? number.output)
        else { return nil }
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

    /// A count as people write it: as given when it has no exponent and at most two decimals
    /// ("4", "1,5"), else rounded to two decimals ("1.23" for "1.2345678", "4" for "4e0"). A count
    /// past ``RecipeLimits/maximumServings`` ("1.2e+29") stays as given, for the limits to leave
    /// out with a warning; one that rounds to zero is no count.
    static func written(_ number: Substring) -> String? {
        let hasExponent = number.contains { $0 == "e" || $0 == "E" }
        let decimals = number.drop { $0 != "." && $0 != "," }.dropFirst().prefix(while: \.isNumber).count
        guard hasExponent || decimals > 2 else { return String(number) }
        guard let value = Double(number.replacing(",", with: ".")), value <= Double(RecipeLimits.maximumServings)
        else { return String(number) }
        let rounded = (value * 100).rounded() / 100
        guard rounded > 0 else { return nil }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

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
