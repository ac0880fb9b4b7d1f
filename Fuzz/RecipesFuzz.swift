import Foundation
import Recipes

/// libFuzzer entry: a recipe page (its schema.org JSON-LD) or a recipe book file, read as
/// `/recipe add` and `homeroom import recipes` read them, then used as the plugin uses a recipe.
@_cdecl("LLVMFuzzerTestOneInput")
func recipesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let recipe = try? RecipeExtractor.recipe(inPage: bytes, address: URL(string: "https://example.org/r/1")) {
        useRecipe(recipe)
    }
    if let first = bytes.first(where: { $0 > 0x20 }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{"),
        let book = try? JSONDecoder().decode([Recipe].self, from: Data(bytes))
    {
        book.forEach(useRecipe)
    }
    return 0
}
