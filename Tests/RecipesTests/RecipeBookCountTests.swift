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

    @Test func theRecipesAndValuesOfABookAreCountedWithoutDecodingIt() throws {
        #expect(RecipeBookCount.count(in: Self.book((1...3).map { Self.recipe($0) })).recipes == 3)
        // A list, and two recipes of seven values each: the object, the title, two lists, three texts.
        let pair = RecipeBookCount.count(in: Data("[\(Self.recipe(1)), \(Self.recipe(2))]".utf8))
        #expect(pair.recipes == 2 && pair.values == 15)
        #expect(RecipeBookCount.count(in: Data(#"{"recipes": [ ]}"#.utf8)).recipes == 0)
        let quoted = RecipeBookCount.count(in: Data(#"[{"title": "a\"],[,,"}]"#.utf8))
        #expect(quoted.recipes == 1 && quoted.values == 3)
    }
}
