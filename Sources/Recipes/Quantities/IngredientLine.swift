/// An ingredient line read into its amount, unit and the rest ("1 1/2 cups cornmeal" is 1.5,
/// cups, "cornmeal"), so that it can be scaled and matched to the steps that use it.
public struct IngredientLine: Sendable, Equatable {
    /// The line as written.
    public let original: String
    /// The amount it starts with; nil for "a pinch of salt" or "salt to taste".
    public let amount: Amount?
    /// The unit after the amount, as written ("cups", "g", "Tbsp"); nil for "3 eggs".
    public let unit: String?
    /// What comes after the amount and unit: "cornmeal", "large eggs, beaten".
    public let rest: String

    /// Reads `line`.
    public init(_ line: String) {
        original = line
        let trimmed = Substring(line).drop(while: \.isWhitespace)
        guard let (amount, afterAmount) = Amount.leading(trimmed) else {
            (amount, unit, rest) = (nil, nil, String(trimmed))
            return
        }
        self.amount = amount
        let words = afterAmount.drop(while: \.isWhitespace)
        let word = words.prefix { $0.isLetter || $0 == "." }
        let bare = word.hasSuffix(".") ? word.dropLast() : word
        if !bare.isEmpty, Units.kind(of: String(bare)) != nil {
            unit = String(bare)
            rest = String(words[word.endIndex...].drop(while: \.isWhitespace))
        } else {
            unit = nil
            rest = String(words)
        }
    }

    /// The line for `factor` times the amount; a line without an amount stays as written, and so
    /// does every line when `factor` is not a positive number or the amount would pass
    /// ``RecipeLimits/maximumAmount``.
    public func scaled(by factor: Double) -> String {
        guard let amount, factor.isFinite, factor > 0 else { return original }
        let scaled = amount.scaled(by: factor)
        guard (scaled.high ?? scaled.low) <= RecipeLimits.maximumAmount else { return original }
        let kind = unit.flatMap(Units.kind(of:))
        let written = scaled.written(metric: kind == .metric)
        let unitText = unit.map { Units.inflected($0, plural: (scaled.high ?? scaled.low) > 1) }
        return ([written, unitText, rest.isEmpty ? nil : rest] as [String?]).compactMap { $0 }.joined(separator: " ")
    }

    /// The name of the ingredient: the rest without notes in parentheses or after a comma, and
    /// without words of preparation and size ("large eggs, beaten" → "eggs").
    public var name: String {
        let withoutNotes = rest.removingRuns(from: "(", to: ")").split(separator: ",").first.map(String.init) ?? ""
        let words = withoutNotes.lowercased().split { !$0.isLetter && $0 != "-" }.map(String.init)
            .filter { !Self.descriptiveWords.contains($0) }
        let leadingOf = words.first == "of" ? Array(words.dropFirst()) : words
        return leadingOf.joined(separator: " ")
    }

    static let descriptiveWords: Set<String> = [
        "large", "small", "medium", "fresh", "freshly", "chopped", "diced", "minced", "sliced", "grated", "shredded",
        "finely", "roughly", "coarsely", "thinly", "ground", "whole", "softened", "melted", "cold", "warm", "hot",
        "room", "temperature", "packed", "lightly", "beaten", "peeled", "seeded", "divided", "optional", "heaping",
        "level", "extra", "about", "cup", "cups", "plus", "more", "to", "taste", "for", "serving", "dried", "crushed",
        "cubed", "halved", "quartered", "rinsed", "drained", "and", "or", "a", "an", "the", "good", "quality",
        "unsalted", "salted", "boneless", "skinless", "ripe", "firm", "organic", "can", "cans", "jar", "package",
    ]
}
