/// The units recipes write after an amount, and how each is written back after scaling.
enum Units {
    enum Kind { case customary, metric, count }

    static func kind(of unit: String) -> Kind? {
        let lowercased = unit.lowercased()
        if metric.contains(lowercased) { return .metric }
        if customary.contains(lowercased) || unit == "T" || unit == "t" { return .customary }
        if counted.contains(lowercased) { return .count }
        return nil
    }

    private static let metric: Set<String> = [
        "g", "gram", "grams", "gr", "kg", "kilogram", "kilograms", "ml", "milliliter", "milliliters", "millilitre",
        "millilitres", "l", "liter", "liters", "litre", "litres", "cl", "dl", "mg",
    ]
    private static let customary: Set<String> = [
        "cup", "cups", "c", "tablespoon", "tablespoons", "tbsp", "tbs", "tbl", "teaspoon", "teaspoons", "tsp",
        "ounce", "ounces", "oz", "pound", "pounds", "lb", "lbs", "pint", "pints", "quart", "quarts", "gallon",
        "gallons", "stick", "sticks", "inch", "inches",
    ]
    private static let counted: Set<String> = [
        "clove", "cloves", "can", "cans", "pinch", "pinches", "dash", "dashes", "slice", "slices", "piece", "pieces",
        "bunch", "bunches", "sprig", "sprigs", "handful", "handfuls", "package", "packages", "jar", "jars",
        "head", "heads", "stalk", "stalks", "leaf", "leaves", "drop", "drops", "packet", "packets",
    ]

    /// `unit` in the number the amount needs: "cup" becomes "cups" above one and back; abbreviations
    /// ("tbsp", "g") stay as they are.
    static func inflected(_ unit: String, plural: Bool) -> String {
        let lowercased = unit.lowercased()
        guard lowercased.count > 3 || ["cup", "can"].contains(lowercased), lowercased != "tbsp" else { return unit }
        let irregular: [String: String] = [
            "leaf": "leaves", "inch": "inches", "bunch": "bunches", "pinch": "pinches",
            "dash": "dashes", "handful": "handfuls",
        ]
        if plural {
            if let plural = irregular[lowercased] { return plural }
            return unit.hasSuffix("s") ? unit : unit + "s"
        }
        if let singular = irregular.first(where: { $0.value == lowercased })?.key { return singular }
        return unit.hasSuffix("s") && !unit.hasSuffix("ss") ? String(unit.dropLast()) : unit
    }
}
