import Foundation
import Recipes

/// libFuzzer entry: the fields of a recipe that hold numbers. Each line is read as an ingredient
/// line and scaled; the first line also stands in a JSON-LD Recipe as every duration, the yield,
/// a nutrition value and an ingredient, once as a JSON string and once as it is (a bare number).
@_cdecl("LLVMFuzzerTestOneInput")
func recipeFieldsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).prefix(64).map(String.init)
    for line in lines {
        let ingredient = IngredientLine(line)
        for factor in [0.5, 3, 1.0 / 7, 500] { _ = ingredient.scaled(by: factor) }
    }
    let field = lines.first ?? ""
    let quoted = String(decoding: (try? JSONEncoder().encode(field)) ?? Data("\"\"".utf8), as: UTF8.self)
    for value in [quoted, field] {
        let page = """
            <script type="application/ld+json">{"@type": "Recipe", "name": "Fuzz", "totalTime": \(value),
            "prepTime": \(value), "cookTime": {"maxValue": \(value)}, "recipeYield": [\(value), \(value)],
            "recipeIngredient": [\(value)], "recipeInstructions": \(value),
            "nutrition": {"calories": \(value), "proteinContent": \(value)}}</script>
            """
        if let recipe = try? RecipeExtractor.recipe(inPage: Array(page.utf8)) { useRecipe(recipe) }
    }
    return 0
}
