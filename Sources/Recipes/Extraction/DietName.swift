/// schema.org's diet names (`https://schema.org/GlutenFreeDiet`) as people read them.
enum DietName {
    static func display(_ value: String) -> String {
        let trimmed = SchemaText.normalize(value)
        // "https://schema.org/GlutenFreeDiet", "schema:Vegan": the name after the vocabulary.
        let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        let bare = name.hasPrefix("schema:") ? String(name.dropFirst(7)) : name
        return restrictedDiets[bare] ?? (trimmed.contains("schema.org") || name != bare ? bare : trimmed)
    }

    private static let restrictedDiets: [String: String] = [
        "DiabeticDiet": "Diabetic Diet", "GlutenFreeDiet": "Gluten Free Diet", "HalalDiet": "Halal Diet",
        "HinduDiet": "Hindu Diet", "KosherDiet": "Kosher Diet", "LowCalorieDiet": "Low Calorie Diet",
        "LowFatDiet": "Low Fat Diet", "LowLactoseDiet": "Low Lactose Diet", "LowSaltDiet": "Low Salt Diet",
        "VeganDiet": "Vegan Diet", "VegetarianDiet": "Vegetarian Diet",
    ]
}
