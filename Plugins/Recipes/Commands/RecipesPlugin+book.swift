import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    var importCommand: Command {
        Command(
            "import", summary: "add the recipe on a web page (schema.org Recipe) to the book", usage: "URL",
            access: .restricted, rateLimit: RateLimit(burst: 6, perMinute: 10)
        ) { context in
            let words = context.words
            guard context.arguments.count == 1, let url = URL(string: context.arguments[0]), url.isWebAddress else {
                throw context.usageError(words("give the page's http or https address"))
            }
            let page: [UInt8]
            do {
                guard
                    // A restricted command, which an admin may grant to anyone: the page is not an admin's
                    // address, so private and loopback addresses are reached only on hosts the settings name.
                    case .fetched(let body, _, _) = try await context.fetcher.fetch(
                        pageLimits.request(for: url, provenance: .given))
                else { throw UserFacingError(words("{address} sent nothing", ["address": url.absoluteString])) }
                page = body
            } catch let error as FetchError {
                throw UserFacingError(
                    words(
                        "cannot fetch {address}: {problem}", ["address": url.absoluteString, "problem": error.message]))
            }
            let (recipe, warnings) = try RecipeImporter.recipeAndWarnings(inPage: page, address: url, words)
            for warning in warnings {
                context.logger.warning(
                    "recipe page value left out", metadata: ["page": "\(url.absoluteString)", "problem": "\(warning)"])
            }
            let summary = try await RecipeImporter.save(
                [recipe], into: context.storage,
                audit: context.auditEntry("recipes.import", "\(recipe.title) from \(url.absoluteString)"))
            let (ingredients, steps) = RecipeFormatter.counts(recipe, words)
            // The first value left out is the recipe library's English, as the page's data is.
            let problem = warnings.first ?? ""
            let more = warnings.count - 1
            if let id = summary.added.first {
                let values: KeyValuePairs<String, String> = [
                    "id": String(id), "title": recipe.title, "ingredients": ingredients, "steps": steps,
                    "problem": problem,
                ]
                return Reply(
                    warnings.isEmpty
                        ? words("Added #{id} {title} ({ingredients}, {steps}).", values)
                        : more == 0
                            ? words("Added #{id} {title} ({ingredients}, {steps}). Left out: {problem}.", values)
                            : words.plural(
                                "Added #{id} {title} ({ingredients}, {steps}). Left out: {problem} (and {count} more).",
                                "Added #{id} {title} ({ingredients}, {steps}). Left out: {problem} (and {count} more).",
                                count: more, values))
            }
            let values: KeyValuePairs<String, String> = [
                "id": String(summary.updated[0]), "title": recipe.title, "problem": problem,
            ]
            return Reply(
                warnings.isEmpty
                    ? words("Updated #{id} {title} from the page again.", values)
                    : more == 0
                        ? words("Updated #{id} {title} from the page again. Left out: {problem}.", values)
                        : words.plural(
                            "Updated #{id} {title} from the page again. Left out: {problem} (and {count} more).",
                            "Updated #{id} {title} from the page again. Left out: {problem} (and {count} more).",
                            count: more, values))
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
            guard removed != nil else { throw UserFacingError(context.words("no recipe #{id}", ["id": String(id)])) }
            return Reply(context.words("Removed recipe #{id}.", ["id": String(id)]))
        }
    }
}
