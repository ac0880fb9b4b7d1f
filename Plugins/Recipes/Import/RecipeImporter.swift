import Foundation
import HomeroomCore
import Recipes
import SQLKit

/// Brings recipes into the book: from a recipe book file (JSON, the README's format) or from a
/// web page's schema.org Recipe. All or nothing; importing the same source again updates it.
public enum RecipeImporter {
    /// What an import did.
    public struct Summary: Sendable, Equatable {
        /// Every saved recipe's number, in the order the recipes were given.
        public var numbers: [Int64] = []
        /// Recipes new to the book, with their numbers.
        public var added: [Int64] = []
        /// Recipes that were already there (same source) and were replaced.
        public var updated: [Int64] = []
    }

    /// A recipe book file: `{"book": NAME, "recipes": [...]}` or a bare array of recipes.
    struct Book: Decodable {
        var book: String?
        var recipes: [Recipe]

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                var recipes: [Recipe] = []
                while !list.isAtEnd { recipes.append(try list.decode(Recipe.self)) }
                self.recipes = recipes
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            book = try container.decodeIfPresent(String.self, forKey: .book)
            recipes = try container.decode([Recipe].self, forKey: .recipes)
        }

        enum CodingKeys: String, CodingKey { case book, recipes }
    }

    /// Reads a recipe book file's recipes, each with the book as its source unless it names one;
    /// a problem is named with the recipe it is in. A book of more than
    /// ``RecipeLimits/maximumBookRecipes`` recipes or ``RecipeLimits/maximumBookValues`` values is
    /// refused before it is decoded.
    public static func recipes(inBook data: Data) throws(UserFacingError) -> [Recipe] {
        let count = RecipeBookCount.count(in: data)
        guard count.recipes <= RecipeLimits.maximumBookRecipes else {
            throw UserFacingError(
                "the recipe book has \(count.recipes) recipes, more than the \(RecipeLimits.maximumBookRecipes) "
                    + "one book may have; split it into smaller books")
        }
        guard count.values <= RecipeLimits.maximumBookValues else {
            throw UserFacingError(
                "the recipe book holds more than \(RecipeLimits.maximumBookValues) values (texts, numbers, lists); "
                    + "split it into smaller books")
        }
        let book: Book
        do {
            book = try JSONDecoder().decode(Book.self, from: data)
        } catch let error as DecodingError {
            throw UserFacingError(describe(error))
        } catch {
            throw UserFacingError("not a recipe book: \(error.localizedDescription)")
        }
        guard !book.recipes.isEmpty else { throw UserFacingError("the recipe book has no recipes") }
        var recipes: [Recipe] = []
        for (index, var recipe) in book.recipes.enumerated() {
            let label = "recipe \(index + 1)"
            guard !recipe.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UserFacingError("\(label) has an empty title")
            }
            guard !recipe.ingredients.isEmpty else {
                throw UserFacingError("\(label) (\(recipe.title)) has no ingredients")
            }
            guard !recipe.steps.isEmpty else { throw UserFacingError("\(label) (\(recipe.title)) has no steps") }
            if recipe.source == nil { recipe.source = book.book }
            if let problem = recipe.limited().warnings.first {
                throw UserFacingError("\(label) (\(recipe.title.prefix(80))): \(problem)")
            }
            recipes.append(recipe)
        }
        return recipes
    }

    /// The recipe of a page fetched from `address` (nil for a page read from a file), for
    /// `homeroom import`: its errors are in English, for the admin at the command line.
    public static func recipe(inPage page: [UInt8], address: URL?) throws(UserFacingError) -> Recipe {
        try recipeAndWarnings(inPage: page, address: address, Words(RecipesPlugin.catalogs, .english)).recipe
    }

    /// The recipe of a page, held to ``RecipeLimits``, and what was left out of it; the error
    /// for a page without one is in the language of `words`.
    static func recipeAndWarnings(inPage page: [UInt8], address: URL?, _ words: Words) throws(UserFacingError)
        -> (recipe: Recipe, warnings: [String])
    {
        do {
            return try RecipeExtractor.recipeAndWarnings(inPage: page, address: address)
        } catch {
            // The problem is the recipe library's English: "the page's schema.org data has no Recipe".
            guard let address else {
                throw UserFacingError(words("no recipe in the page: {problem}", ["problem": error.message]))
            }
            throw UserFacingError(
                words(
                    "no recipe at {address}: {problem}", ["address": address.absoluteString, "problem": error.message]))
        }
    }

    /// Saves `recipes` in one transaction, with one audit entry. Each is held to
    /// ``RecipeLimits`` first, so that nothing stored can trouble a later search.
    public static func save(
        _ recipes: [Recipe], into storage: PluginStorage, audit: AuditEntry
    ) async throws -> Summary {
        let store = RecipeStore(storage: storage)
        let limited = recipes.map { $0.limited().recipe }
        return try await storage.write { db in
            var summary = Summary()
            for recipe in limited {
                switch try await store.save(recipe, by: audit.actor.description, at: audit.at, on: db) {
                case .added(let id):
                    summary.added.append(id)
                    summary.numbers.append(id)
                case .updated(let id):
                    summary.updated.append(id)
                    summary.numbers.append(id)
                }
            }
            try await storage.audit.insert(audit, into: db)
            return summary
        }
    }

    /// "recipe 3: steps is missing" from where the decoder stopped.
    private static func describe(_ error: DecodingError) -> String {
        /// "recipe 3: steps: item 2" for the path `recipes[2].steps[1]` (or `[2].steps[1]`).
        func place(_ path: [any CodingKey]) -> String {
            let keys = path.first?.stringValue == "recipes" ? path.dropFirst() : path[...]
            let words = keys.enumerated().map { offset, key in
                guard let position = key.intValue else { return key.stringValue }
                return offset == 0 ? "recipe \(position + 1)" : "item \(position + 1)"
            }
            return words.isEmpty ? "the file" : words.joined(separator: ": ")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): \(key.stringValue) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(type == String.self ? "text" : "\(type)")"
        case .dataCorrupted(let context):
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON\(detail.map { ": \($0)" } ?? "")"
        @unknown default:
            return "not a recipe book"
        }
    }
}
