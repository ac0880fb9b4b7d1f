import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    /// `homeroom import recipes SOURCE`: a recipe book file, or one web page's schema.org Recipe.
    public static var importers: [Importer] {
        [
            Importer(
                name: "recipes",
                summary: "Add recipes from a recipe book file (JSON) or from a web page's schema.org Recipe.",
                discussion: """
                    All or nothing: a bad recipe is named and nothing is imported. Importing the same page or \
                    book again updates its recipes instead of adding copies.
                    Example: homeroom import recipes Examples/recipe-book.json
                    """,
                source: .fileOrWebPage,
                sourceHelp: "A recipe book .json file, an HTML page, or an http or https address."
            ) { request in
                let recipes = try bookOrPage(request)
                let summary = try await RecipeImporter.save(
                    recipes, into: request.storage,
                    audit: AuditEntry(
                        at: request.now, actor: request.actor, action: "recipes.import",
                        detail: "\(recipes.count) from \(request.source)"))
                return Importer.Report([
                    "imported \(summary.added.count) new and \(summary.updated.count) updated recipes "
                        + "from \(request.source)"
                ])
            }
        ]
    }

    /// The recipes of a book (a local file starting with `{` or `[`), or the one recipe of a page; a
    /// bad one is an error that starts with the source.
    private static func bookOrPage(_ request: Importer.Request) throws(UserFacingError) -> [Recipe] {
        let text = request.bytes.drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        do {
            if request.webAddress == nil, text.first == UInt8(ascii: "{") || text.first == UInt8(ascii: "[") {
                return try RecipeImporter.recipes(inBook: Data(request.bytes))
            }
            return [try RecipeImporter.recipe(inPage: request.bytes, address: request.webAddress)]
        } catch {
            throw UserFacingError("\(request.source): \(error.message)")
        }
    }
}
