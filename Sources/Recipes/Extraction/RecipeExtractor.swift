import Foundation
import HTMLText

/// Why a page gave no recipe.
public struct RecipeExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the admin who asked: "the page has no schema.org Recipe".
    public let message: String

    public var description: String { message }
}

/// Reads the schema.org `Recipe` a page carries in its JSON-LD: in a block of its own, inside a
/// `@graph`, in an array, as a `WebPage`'s `mainEntity`, with `@type` a string or an array.
public enum RecipeExtractor {
    /// The page's recipe. `address` (the page's own) resolves a relative image and becomes the
    /// recipe's source.
    public static func recipe(inPage page: some Collection<UInt8>, address: URL? = nil) throws(RecipeExtractionError)
        -> Recipe
    {
        try recipeAndWarnings(inPage: page, address: address).recipe
    }

    /// The page's recipe held to ``RecipeLimits``, and a warning for each value left out or
    /// shortened (a time of ten thousand years, the 501st step).
    public static func recipeAndWarnings(inPage page: some Collection<UInt8>, address: URL? = nil)
        throws(RecipeExtractionError) -> (recipe: Recipe, warnings: [String])
    {
        let parts = PageScanner.parts(of: page)
        let blocks = parts.linkedData
        guard let object = recipeObject(in: blocks) else {
            throw RecipeExtractionError(
                message: blocks.isEmpty
                    ? "the page has no schema.org data (no application/ld+json block), so no recipe"
                    : "the page's schema.org data has no Recipe")
        }
        var reading = LinkedRecipe(object)
        var recipe = reading.read()
        guard !recipe.title.isEmpty else { throw RecipeExtractionError(message: "the page's Recipe has no name") }
        recipe.source = address?.absoluteString
        recipe.image = RecipeImage(schemaImage: object["image"], metaTags: parts.metaTags).best.flatMap {
            resolved($0, against: address)
        }
        let (limited, warnings) = recipe.limited()
        return (limited, reading.warnings + warnings)
    }

    /// The first Recipe: a block (or an element of a block that is an array) that is one, a node
    /// of its `@graph`, or the `mainEntity` of a `WebPage`; failing those, one nested anywhere.
    static func recipeObject(in blocks: [LinkedDataValue]) -> LinkedDataValue? {
        let items = blocks.flatMap(\.list)
        for item in items {
            if isRecipe(item) { return item }
            if let node = item["@graph"]?.list.flatMap(\.list).first(where: isRecipe) { return node }
            if let main = item["mainEntity"], isRecipe(main) { return main }
        }
        return items.lazy.flatMap { $0.objects(ofType: ["Recipe"]) }.first
    }

    private static func isRecipe(_ value: LinkedDataValue) -> Bool {
        value.types.contains { $0.lowercased().contains("recipe") }
    }

    private static func resolved(_ image: String, against address: URL?) -> String? {
        guard !image.isEmpty else { return nil }
        if image.hasPrefix("http://") || image.hasPrefix("https://") { return image }
        guard let address, let url = URL(string: image, relativeTo: address) else { return nil }
        return url.absoluteString
    }
}
