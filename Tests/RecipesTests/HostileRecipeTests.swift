import Foundation
import HomeroomTestbed
import HomeroomTesting
import Recipes
import Testing

/// Recipe pages written to break the reader (`Tests/Fixtures/hostile/recipes`, or built here when
/// large): each is read, with what is out of range left out and named, and never traps or stalls.
@Suite struct HostileRecipeTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/recipes")

    /// The recipe of a fixture page, with its warnings, also through what `homeroom inspect recipe` prints.
    static func read(_ file: String) throws -> (recipe: Recipe, warnings: [String]) {
        let page = try Data(contentsOf: folder.appendingPathComponent(file))
        let reading = try RecipeExtractor.recipeAndWarnings(
            inPage: Array(page), address: URL(string: "https://cooking.example.org/\(file)"))
        _ = try JSONEncoder().encode(RecipeInspection(reading.recipe))
        return reading
    }

    /// A page carrying `recipe` (the members of a schema.org Recipe, as JSON) in its JSON-LD.
    static func page(_ members: String) -> [UInt8] {
        Array(
            """
            <html><head><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe", \(members)}</script></head></html>
            """.utf8)
    }

    @Test(arguments: [
        "duration-iso-hours.html", "duration-iso-enormous.html", "duration-years.html", "duration-spelled.html",
    ])
    func aTimeLongerThanAYearIsLeftOutWithAWarning(file: String) throws {
        let (recipe, warnings) = try Self.read(file)
        #expect(recipe.totalMinutes == nil)
        #expect(recipe.prepMinutes == nil)
        #expect(RecipeInspection(recipe).totalTime == nil)
        #expect(
            warnings.contains {
                $0.hasPrefix("the total time") && $0.hasSuffix("is longer than a year and was left out")
            })
        #expect(recipe.ingredients == ["2 cups flour", "1 egg"])
    }

    @Test func aDurationTooLongToBeTextIsNoDuration() throws {
        let seconds = "PT" + String(repeating: "9", count: 400) + "S"
        let (recipe, _) = try RecipeExtractor.recipeAndWarnings(
            inPage: Self.page(#""name": "Endless", "totalTime": "\#(seconds)", "cookTime": "NaN", "prepTime": "-inf""#))
        #expect(recipe.totalMinutes == nil && recipe.cookMinutes == nil && recipe.prepMinutes == nil)
    }

    @Test func timesThatOverflowWhenAddedAreLeftOutAndTheSumIsChecked() throws {
        let (recipe, warnings) = try Self.read("duration-sum.html")
        #expect(recipe.prepMinutes == nil && recipe.cookMinutes == nil && recipe.minutesToMake == nil)
        #expect(warnings.count == 2)
        // A recipe made in code with such times adds them without trapping.
        let made = Recipe(title: "Sum", prepMinutes: .max, cookMinutes: .max, ingredients: [], steps: [])
        #expect(made.minutesToMake == nil)
        #expect(made.limited().recipe.prepMinutes == nil)
    }

    @Test func aPictureSizePastAnyScreenIsNoSize() throws {
        let (recipe, _) = try Self.read("image-size.html")
        #expect(recipe.image == "https://img.example.org/b.jpg")
    }

    @Test func amountsPastTheLimitAreLeftAsWrittenWhenScaled() throws {
        let (recipe, _) = try Self.read("quantities.html")
        #expect(recipe.ingredients.count == 9)
        let scaled = recipe.ingredients.map { IngredientLine($0).scaled(by: 2) }
        for line in [
            "99999999999999999999 g flour", "NaN cups milk", String(repeating: "9", count: 400) + " g salt",
            "2-99999999999999999999 eggs",
        ] {
            #expect(scaled.contains(line), "\(line.prefix(30))")
            #expect(IngredientLine(line).amount == nil)
        }
        #expect(scaled.last == "2 cups rice")
        #expect(IngredientLine("1 99999999999999999999/3 cups oats").amount == Amount(low: 1, high: nil))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 0, -2, 1e300])
    func aScalingFactorThatIsNotAPositiveNumberOrOverflowsLeavesTheLine(factor: Double) {
        #expect(IngredientLine("250 g flour").scaled(by: factor) == "250 g flour")
        #expect(IngredientLine("1 1/2 cups milk").scaled(by: factor) == "1 1/2 cups milk")
    }

    @Test func aYieldAndNutritionPastTheLimitsAreLeftOut() throws {
        let (recipe, warnings) = try Self.read("yield-and-nutrition.html")
        #expect(recipe.yields == nil && recipe.servings == nil)
        #expect(recipe.nutrition == ["proteinContent": "4 g"])
        #expect(warnings.count == 4)
        #expect(DietRules.labels(for: recipe).map(\.name) == ["vegetarian", "dairy free"])
    }

    @Test func stepsNestedTooDeepAreLeftOutWithAWarning() throws {
        let (recipe, warnings) = try Self.read("nested-sections.html")
        #expect(recipe.steps.map(\.text) == ["Start on top."])
        #expect(
            warnings == ["steps nested deeper than \(RecipeLimits.maximumStepNesting) lists or sections were left out"])
    }

    @Test func aRecipeKeepsItsFirstIngredientsAndStepsUpToTheLimits() throws {
        let count = 20_000
        let lines = (1...count).map { "\"\($0) g flour\"" }.joined(separator: ", ")
        let (recipe, warnings) = try RecipeExtractor.recipeAndWarnings(
            inPage: Self.page(
                #""name": "Mountain", "recipeIngredient": [\#(lines)], "recipeInstructions": [\#(lines)]"#))
        #expect(recipe.ingredients.count == RecipeLimits.maximumIngredients)
        #expect(recipe.steps.count == RecipeLimits.maximumSteps)
        #expect(recipe.ingredients.last == "\(RecipeLimits.maximumIngredients) g flour")
        #expect(warnings.count == 2)
    }

    /// Tags and parentheses with nothing closing them took time growing with the square of the
    /// text's length; a long title is shortened.
    @Test(.timeLimit(.minutes(1))) func longTextWithUnclosedMarkupIsReadInOnePass() throws {
        let title = String(repeating: "<b", count: 150_000)
        let summary = String(repeating: "((", count: 100_000) + #"\n))"#
        let ingredient = String(repeating: "(", count: 4_000) + " salt"
        let (recipe, warnings) = try RecipeExtractor.recipeAndWarnings(
            inPage: Self.page(
                #""name": "\#(title)", "description": "\#(summary)", "recipeIngredient": ["\#(ingredient)"], "recipeInstructions": ["Mix."]"#
            ))
        #expect(recipe.title.count == RecipeLimits.maximumTitleLength)
        #expect(recipe.summary?.count == RecipeLimits.maximumTextLength)
        #expect(warnings.count == 2)
        #expect(StepIngredients(recipe.ingredients).used(by: "Add the salt") == [ingredient])
        // Double parentheses still become single ones, on one line only.
        let notes = try RecipeExtractor.recipe(inPage: Self.page(#""name": "butter ((1/2 cup)) and ((2 tbsp\n))""#))
        #expect(notes.title == "butter (1/2 cup) and ((2 tbsp ))")
    }

    /// A yield of 1.23e29 was read as "1.2345678901234568 servings": the exponent is part of the
    /// number, so the limits leave it out; a count with many decimals is rounded to two.
    @Test(
        arguments: [
            ("123456789012345678901234567890", nil), (#""1.2345678901234568e+29 servings""#, nil),
            (#""1e400 cookies""#, nil), ("1.2345678", "1.23 servings"), (#""2.5 loaves""#, "2.5 loaves"),
            (#""4e0 muffins""#, "4 muffins"), (#""1,5 servings""#, "1,5 servings"), ("0.0001", nil),
            ("6", "6 servings"),
        ] as [(String, String?)])
    func aYieldWithAnExponentOrManyDecimalsIsReadAsItsNumber(json: String, yields: String?) throws {
        let (recipe, warnings) = try RecipeExtractor.recipeAndWarnings(
            inPage: Self.page(#""name": "Bread", "recipeYield": \#(json), "recipeIngredient": ["1 egg"]"#))
        #expect(recipe.yields == yields)
        if yields == nil, json != "0.0001" {
            #expect(
                warnings.contains {
                    $0.hasPrefix("the yield") && $0.hasSuffix("names more than 10000 and was left out")
                })
        }
    }
}
