import Foundation
import HomeroomCore
import Logging
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

    /// Why the service gave no results; the search says it to the user in their language.
    enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The fetch failed: `reason` says how ("the request timed out").
        case notAnswering(reason: String)
        /// The answer is not a search result.
        case notSearchResults

        /// The failure in English, for the log.
        var description: String {
            switch self {
            case .notAnswering(let reason): "the recipe service is not answering (\(reason))"
            case .notSearchResults: "the recipe service sent something that is not a search result"
            }
        }
    }

    /// Up to `count` recipes for `query`, each held to ``RecipeLimits``; a result that cannot be
    /// read is skipped and a value out of range left out, each with a warning in `logger`. Throws
    /// the ``Failure`` to tell the user when the service fails.
    func search(_ query: String, count: Int, fetcher: any HTTPFetching, logger: Logger) async throws(Failure)
        -> [Recipe]
    {
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
                    FetchRequest(
                        url: components.url!, provenance: .configured, maximumBytes: 5_000_000, timeout: timeout))
            else { return [] }
            body = fetched
        } catch {
            throw .notAnswering(reason: error.message)
        }
        guard let page = try? JSONDecoder().decode(RemoteSearchPage.self, from: Data(body)) else {
            throw .notSearchResults
        }
        for problem in page.problems {
            logger.warning("recipe service result left out", metadata: ["problem": "\(problem)"])
        }
        return page.recipes.prefix(count).map { recipe in
            let (limited, warnings) = recipe.limited()
            for warning in warnings {
                logger.warning(
                    "recipe service value left out",
                    metadata: ["recipe": "\(recipe.source ?? "")", "problem": "\(warning)"])
            }
            return limited
        }
    }
}
