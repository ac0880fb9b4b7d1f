import Recipes
import Testing

@Suite struct StepIngredientsTests {
    let matcher = StepIngredients([
        "1 cup sugar", "1/2 cup brown sugar", "3 large eggs, beaten", "2 cups all-purpose flour",
        "1 teaspoon baking soda", "4 tablespoons butter, melted", "a pinch of salt", "1 cup blueberries",
    ])

    @Test func aStepUsesTheIngredientsItNames() {
        #expect(
            matcher.used(by: "Whisk the eggs and the sugar until pale.") == ["1 cup sugar", "3 large eggs, beaten"])
        #expect(
            matcher.used(by: "Fold in the flour, baking soda and salt.") == [
                "2 cups all-purpose flour", "1 teaspoon baking soda", "a pinch of salt",
            ])
        #expect(matcher.used(by: "Scatter the blueberry on top.") == ["1 cup blueberries"])
    }

    @Test func theIngredientNamedInFullWinsOverOneSharingItsLastWord() {
        #expect(matcher.used(by: "Sprinkle the brown sugar over the batter.") == ["1/2 cup brown sugar"])
    }

    @Test func aStepNamingNoIngredientUsesNone() {
        #expect(matcher.used(by: "Heat the oven to 350°F.").isEmpty)
        #expect(StepIngredients([]).used(by: "Stir.").isEmpty)
    }
}
