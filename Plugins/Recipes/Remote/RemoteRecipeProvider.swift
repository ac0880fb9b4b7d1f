import Foundation
import HTMLText
import HomeroomCore
import Recipes

/// A Spoonacular-compatible recipe search service (`GET /recipes/complexSearch` with
/// `addRecipeInformation`, `fillIngredients` and `addRecipeNutrition`), asked when the school's
/// own book has too few matches. Off unless `plugins.recipes.remote` is configured.
struct RemoteRecipeProvider: Sendable {
    /// The `plugins.recipes.remote` section.
    struct Settings: Decodable, Sendable, Equatable {
        /// The service's base address: `https://api.spoonacular.com`.
        var baseURL: String
        /// The API key, sent as `apiKey`; `"env:NAME"` reads it from the environment variable NAME.
        var apiKey: String
        /// Seconds a search may take.
        var timeoutSeconds = 5

        enum CodingKeys: String, CodingKey, CaseIterable { case baseURL, apiKey, timeoutSeconds }

        init(baseURL: String, apiKey: String, timeoutSeconds: Int = 5) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.timeoutSeconds = timeoutSeconds
        }

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            baseURL = try container.decode(String.self, forKey: .baseURL)
            apiKey = try container.decodeSecret(.apiKey, environment: decoder.homeroomEnvironment) ?? ""
            timeoutSeconds = try container.decode(.timeoutSeconds, or: timeoutSeconds)
        }
    }

    let base: URL
    let apiKey: String
    let timeout: Duration

    init(settings: Settings) throws(UserFacingError) {
        guard let base = URL(string: settings.baseURL), base.isWebAddress else {
            throw UserFacingError("remote.baseURL must be an http or https address")
        }
        guard !settings.apiKey.isEmpty else { throw UserFacingError("remote.apiKey is empty") }
        guard (1...60).contains(settings.timeoutSeconds) else {
            throw UserFacingError("remote.timeoutSeconds must be 1 to 60")
        }
        self.base = base
        self.apiKey = settings.apiKey
        self.timeout = .seconds(settings.timeoutSeconds)
    }

    /// Up to `count` recipes for `query`; throws a message for the user when the service fails.
    func search(_ query: String, count: Int, fetcher: any HTTPFetching) async throws(UserFacingError) -> [Recipe] {
        var components = URLComponents(
            url: base.appendingPathComponent("recipes/complexSearch"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "query", value: query), URLQueryItem(name: "number", value: String(count)),
            URLQueryItem(name: "addRecipeInformation", value: "true"),
            URLQueryItem(name: "fillIngredients", value: "true"),
            URLQueryItem(name: "addRecipeNutrition", value: "true"), URLQueryItem(name: "apiKey", value: apiKey),
        ]
        let body: [UInt8]
        do {
            guard
                case .fetched(let fetched, _, _) = try await fetcher.fetch(
                    FetchRequest(url: components.url!, maximumBytes: 5_000_000, timeout: timeout))
            else { return [] }
            body = fetched
        } catch {
            throw UserFacingError("the recipe service is not answering (\(error.message))")
        }
        guard let page = try? JSONDecoder().decode(SearchPage.self, from: Data(body)) else {
            throw UserFacingError("the recipe service sent something that is not a search result")
        }
        return page.results.compactMap(\.recipe)
    }

    private struct SearchPage: Decodable {
        var results: [Result]
    }

    private struct Result: Decodable {
        struct Ingredient: Decodable { var original: String? }
        struct Instructions: Decodable {
            struct Step: Decodable { var step: String }
            var name: String?
            var steps: [Step]
        }
        struct Nutrition: Decodable {
            struct Nutrient: Decodable {
                var name: String
                var amount: Double
                var unit: String
            }
            var nutrients: [Nutrient]
        }

        var id: Int
        var title: String
        var readyInMinutes: Int?
        var preparationMinutes: Int?
        var cookingMinutes: Int?
        var servings: Int?
        var sourceUrl: String?
        var image: String?
        var summary: String?
        var extendedIngredients: [Ingredient]?
        var analyzedInstructions: [Instructions]?
        var nutrition: Nutrition?
        var diets: [String]?
        var dishTypes: [String]?
        var cuisines: [String]?

        var recipe: Recipe? {
            let ingredients = (extendedIngredients ?? []).compactMap(\.original).filter { !$0.isEmpty }
            let steps = (analyzedInstructions ?? []).flatMap { part in
                part.steps.map { RecipeStep($0.step, section: part.name.flatMap { $0.isEmpty ? nil : $0 }) }
            }
            guard !title.isEmpty, !ingredients.isEmpty, !steps.isEmpty else { return nil }
            var perServing: [String: String] = [:]
            for nutrient in nutrition?.nutrients ?? [] {
                guard let key = Self.schemaNames[nutrient.name.lowercased()] else { continue }
                let amount =
                    nutrient.amount.rounded() == nutrient.amount
                    ? String(Int(nutrient.amount))
                    : String(format: "%.1f", nutrient.amount)
                perServing[key] = "\(amount) \(nutrient.unit)"
            }
            return Recipe(
                title: title, summary: summary.map { plainText(fromHTML: $0).collapsingWhitespace },
                source: sourceUrl ?? "spoonacular:\(id)", image: image, totalMinutes: readyInMinutes,
                prepMinutes: preparationMinutes.flatMap { $0 > 0 ? $0 : nil },
                cookMinutes: cookingMinutes.flatMap { $0 > 0 ? $0 : nil },
                yields: servings.map { "\($0) serving\($0 == 1 ? "" : "s")" }, ingredients: ingredients, steps: steps,
                nutrition: perServing, diets: diets ?? [], tags: (dishTypes ?? []) + (cuisines ?? []))
        }

        static let schemaNames: [String: String] = [
            "calories": "calories", "protein": "proteinContent", "fat": "fatContent",
            "carbohydrates": "carbohydrateContent", "fiber": "fiberContent", "sugar": "sugarContent",
            "sodium": "sodiumContent", "saturated fat": "saturatedFatContent", "cholesterol": "cholesterolContent",
        ]
    }
}
