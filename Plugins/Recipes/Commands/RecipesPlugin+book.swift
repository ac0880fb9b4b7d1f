import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    var importCommand: Command {
        Command(
            "import", summary: "add the recipe on a web page (schema.org Recipe) to the book", usage: "URL",
            access: .restricted, rateLimit: RateLimit(burst: 6, perMinute: 10)
        ) { context in
            guard context.arguments.count == 1, let url = URL(string: context.arguments[0]), url.isWebAddress else {
                throw context.usageError("give the page's http or https address")
            }
            let page: [UInt8]
            do {
                guard
                    // A restricted command, which an admin may grant to anyone: the page is not an admin's
                    // address, so private and loopback addresses are reached only on hosts the settings name.
                    case .fetched(let body, _, _) = try await context.fetcher.fetch(
                        pageLimits.request(for: url, provenance: .given))
                else { throw UserFacingError("\(url.absoluteString) sent nothing") }
                page = body
            } catch let error as FetchError {
                throw UserFacingError("cannot fetch \(url.absoluteString): \(error.message)")
            }
            let (recipe, warnings) = try RecipeImporter.recipeAndWarnings(inPage: page, address: url)
            for warning in warnings {
                context.logger.warning(
                    "recipe page value left out", metadata: ["page": "\(url.absoluteString)", "problem": "\(warning)"])
            }
            let summary = try await RecipeImporter.save(
                [recipe], into: context.storage,
                audit: context.auditEntry("recipes.import", "\(recipe.title) from \(url.absoluteString)"))
            let leftOut =
                warnings.isEmpty
                ? "" : " Left out: \(warnings[0])\(warnings.count > 1 ? " (and \(warnings.count - 1) more)" : "")."
            if let id = summary.added.first {
                return Reply(
                    "Added #\(id) \(recipe.title) (\(recipe.ingredients.count) ingredients, \(recipe.steps.count) steps)."
                        + leftOut)
            }
            return Reply("Updated #\(summary.updated[0]) \(recipe.title) from the page again." + leftOut)
        }
    }

    var removeCommand: Command {
        Command("remove", summary: "take a recipe out of the book", usage: "NUMBER", access: .restricted) { context in
            guard context.arguments.count == 1, let id = RecipeFormatter.number(context.arguments[0]) else {
                throw context.usageError()
            }
            let store = RecipeStore(storage: context.storage)
            let removed = try await context.auditedWrite("recipes.remove", "#\(id)") { db in
                try await store.remove(id, on: db) ? true : nil
            }
            guard removed != nil else { throw UserFacingError("no recipe #\(id)") }
            return Reply("Removed recipe #\(id).")
        }
    }
}
