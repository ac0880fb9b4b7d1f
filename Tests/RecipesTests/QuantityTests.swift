import Recipes
import Testing

@Suite struct QuantityTests {
    @Test(
        arguments: [
            ("1 1/2 cups cornmeal", 2.0, "3 cups cornmeal"),
            ("½ tsp salt", 2.0, "1 tsp salt"),
            ("1½ cups milk", 2.0, "3 cups milk"),
            ("2-3 cloves garlic", 2.0, "4-6 cloves garlic"),
            ("2 to 3 cloves garlic", 0.5, "1-1 1/2 cloves garlic"),
            ("250 g flour", 1.5, "375 g flour"),
            ("1,5 l water", 2.0, "3 l water"),
            ("0.75 cup sugar", 4.0, "3 cups sugar"),
            ("1 cup sugar", 0.5, "1/2 cup sugar"),
            ("3 large eggs", 1.0 / 3.0, "1 large eggs"),
            ("2 tablespoons butter", 0.5, "1 tablespoon butter"),
            ("1/3 cup oil", 2.0, "2/3 cup oil"),
            ("a pinch of salt", 4.0, "a pinch of salt"),
            ("salt to taste", 3.0, "salt to taste"),
            ("1 can (400 g) chickpeas", 2.0, "2 cans (400 g) chickpeas"),
        ] as [(String, Double, String)])
    func linesScaleAndKeepWhatHasNoAmount(line: String, factor: Double, scaled: String) {
        #expect(IngredientLine(line).scaled(by: factor) == scaled)
    }

    @Test func aLineIsReadIntoAmountUnitAndName() {
        let line = IngredientLine("1 1/2 cups finely chopped onion, divided")
        #expect(line.amount == Amount(low: 1.5, high: nil))
        #expect(line.unit == "cups")
        #expect(line.name == "onion")
        #expect(IngredientLine("3 large eggs, beaten").name == "eggs")
        #expect(IngredientLine("2-3 cloves garlic").amount == Amount(low: 2, high: 3))
    }
}
