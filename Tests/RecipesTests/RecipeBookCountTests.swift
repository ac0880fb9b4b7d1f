import Foundation
import Recipes
import Testing

/// A recipe book is counted before it is decoded, so that one too large is refused at the cost of
/// one pass over its bytes (`RecipeBookLimitTests` times it).
@Suite struct RecipeBookCountTests {
    static func recipe(_ index: Int, steps: Int = 1) -> String {
        let method = Array(repeating: "\"Mix, [then] {bake}.\"", count: steps).joined(separator: ",")
        return #"{"title": "Bread \#(index)", "ingredients": ["1 egg", "2 cups flour"], "steps": [\#(method)]}"#
    }

    static func book(_ recipes: [String]) -> Data {
        Data(
            #"{"book": "Lincoln [High]", "notes": {"a": [1, 2]}, "recipes": [\#(recipes.joined(separator: ", "))]}"#
                .utf8)
    }

    @Test func theRecipesOfABookAreCountedWithoutDecodingIt() throws {
        #expect(RecipeBookCount.recipes(in: Self.book((1...3).map { Self.recipe($0) })) == 3)
        #expect(RecipeBookCount.recipes(in: Data("[\(Self.recipe(1)), \(Self.recipe(2))]".utf8)) == 2)
        #expect(RecipeBookCount.recipes(in: Data(#"{"recipes": [ ]}"#.utf8)) == 0)
        #expect(RecipeBookCount.recipes(in: Data(#"[{"title": "a\"],[,,"}]"#.utf8)) == 1)
    }
}
