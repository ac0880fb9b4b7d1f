import Foundation
import HomeroomCore
import Recipes
import SQLKit

/// Brings recipes into the book: from a recipe book file (JSON, the README's format) or from a
/// web page's schema.org Recipe. All or nothing; importing the same source again updates it.
public enum RecipeImporter {
    /// What an import did.
    public struct Summary: Sendable, Equatable {
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
    /// a problem is named with the recipe it is in.
    public static func recipes(inBook data: Data) throws(UserFacingError) -> [Recipe] {
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
            recipes.append(recipe)
        }
        return recipes
    }

    /// The recipe of a page fetched from `address` (nil for a page read from a file).
    public static func recipe(inPage page: [UInt8], address: URL?) throws(UserFacingError) -> Recipe {
        do {
            return try RecipeExtractor.recipe(inPage: page, address: address)
        } catch {
            throw UserFacingError(
                "no recipe \(address.map { "at \($0.absoluteString)" } ?? "in the page"): \(error.message)")
        }
    }

    /// Saves `recipes` in one transaction, with one audit entry.
    public static func save(
        _ recipes: [Recipe], into storage: PluginStorage, audit: AuditEntry
    ) async throws -> Summary {
        let store = RecipeStore(storage: storage)
        return try await storage.write { db in
            var summary = Summary()
            for recipe in recipes {
                switch try await store.save(recipe, by: audit.actor.description, at: audit.at, on: db) {
                case .added(let id): summary.added.append(id)
                case .updated(let id): summary.updated.append(id)
                }
            }
            try await AuditLog.insert(audit, into: db)
            return summary
        }
    }

    /// "recipe 3: steps is missing" from where the decoder stopped.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var words: [String] = []
            var index = 0
            while index < path.count {
                let key = path[index]
                if key.stringValue == "recipes" || (index == 0 && key.intValue != nil) {
                    let position = key.intValue ?? path.dropFirst(index + 1).first?.intValue
                    if key.intValue == nil { index += 1 }
                    if let position { words.append("recipe \(position + 1)") }
                } else if let position = key.intValue {
                    words.append("item \(position + 1)")
                } else {
                    words.append(key.stringValue)
                }
                index += 1
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
