import Recipes
import Testing

@Suite struct DietRulesTests {
    func recipe(_ ingredients: [String], nutrition: [String: String] = [:], diets: [String] = []) -> Recipe {
        Recipe(title: "R", ingredients: ingredients, steps: [RecipeStep("Cook.")], nutrition: nutrition, diets: diets)
    }

    @Test func declaredLabelsComeFirstAndAreNotMarkedDerived() {
        let labels = DietRules.labels(for: recipe(["1 lb beef"], diets: ["Gluten Free Diet", "Low Calorie Diet"]))
        #expect(
            labels == [
                DietLabel(name: "gluten free", derived: false), DietLabel(name: "Low Calorie Diet", derived: false),
            ])
    }

    @Test func dietsAreDerivedFromTheIngredientsWithTheirExceptions() {
        let curry = recipe([
            "1 can coconut milk", "2 cups chickpeas", "1 eggplant", "2 tbsp peanut butter", "1 cup rice flour",
        ])
        #expect(DietRules.labels(for: curry).map(\.name) == ["vegan", "vegetarian", "gluten free", "dairy free"])
        #expect(DietRules.labels(for: curry).allSatisfy { $0.derived })
        let cake = recipe(["2 cups flour", "3 eggs", "1 cup milk"])
        #expect(DietRules.labels(for: cake).map(\.name) == ["vegetarian"])
        let salmon = recipe(["4 salmon fillets", "1 lemon"], nutrition: ["carbohydrateContent": "2 g"])
        #expect(DietRules.labels(for: salmon).map(\.name) == ["gluten free", "dairy free", "keto"])
        let noodles = recipe(["8 oz pasta"], nutrition: ["carbohydrateContent": "60 g", "fiberContent": "3 g"])
        #expect(!DietRules.suits(noodles, .keto) && !DietRules.suits(noodles, .glutenFree))
        #expect(DietRules.labels(for: recipe([])).isEmpty)
    }

    @Test func aDeclaredVeganRecipeSuitsVegetarians() {
        #expect(DietRules.suits(recipe(["tofu"], diets: ["https://schema.org/VeganDiet"]), .vegetarian))
    }
}
