import Foundation
import HomeroomCore
import HomeroomTesting
import Recipes
import RecipesPlugin
import Testing

/// A recipe book of more recipes than a book may have is refused before it is decoded: 100,000
/// recipes were decoded and checked for 20 seconds before the import gave up.
@Suite(.timeLimit(.minutes(2))) struct RecipeBookLimitTests {
    static func book(_ count: Int, steps: Int = 1) -> Data {
        let method = Array(repeating: "\"Mix and bake.\"", count: steps).joined(separator: ",")
        let recipes = (1...count).map {
            #"{"title": "Bread \#($0)", "ingredients": ["1 egg"], "steps": [\#(method)]}"#
        }
        return Data(#"{"book": "Lincoln", "recipes": [\#(recipes.joined(separator: ","))]}"#.utf8)
    }

    /// Refusing a book of 100,000 recipes costs less than half of reading a book of the same size
    /// with fewer, longer recipes.
    @Test func aBookOfMoreRecipesThanTheLimitIsRefusedBeforeItIsRead() throws {
        let hostile = Self.book(100_000)
        let steps = 300
        let benignCount = hostile.count / (steps * 16 + 60)
        let benign = Self.book(benignCount, steps: steps)
        #expect(
            throws: UserFacingError(
                "the recipe book has 100000 recipes, more than the \(RecipeLimits.maximumBookRecipes) one book may have; split it into smaller books"
            )
        ) { try RecipeImporter.recipes(inBook: hostile) }
        #expect(try RecipeImporter.recipes(inBook: benign).count == benignCount)
        let ratio = CostRatio.of(
            { _ = try? RecipeImporter.recipes(inBook: hostile) },
            against: { _ = try? RecipeImporter.recipes(inBook: benign) },
            runs: 2)
        #expect(ratio < 0.5, "\(ratio)")
        // A book at the limit is read.
        #expect(
            try RecipeImporter.recipes(inBook: Self.book(RecipeLimits.maximumBookRecipes)).count
                == RecipeLimits.maximumBookRecipes)
    }

    /// A book of one recipe with a million empty ingredients would cost its decoding some hundred
    /// times its bytes: its values are counted first.
    @Test func aBookOfMoreValuesThanTheLimitIsRefusedBeforeItIsRead() {
        let ingredients = Array(repeating: "\"\"", count: RecipeLimits.maximumBookValues).joined(separator: ",")
        let book = Data(#"[{"title": "Salt", "ingredients": [\#(ingredients)], "steps": ["Add."]}]"#.utf8)
        #expect(
            throws: UserFacingError(
                "the recipe book holds more than \(RecipeLimits.maximumBookValues) values (texts, numbers, lists); split it into smaller books"
            )
        ) { try RecipeImporter.recipes(inBook: book) }
    }
}
