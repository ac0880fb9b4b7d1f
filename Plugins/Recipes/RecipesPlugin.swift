import Foundation
import HomeroomCore
import Recipes

/// Recipes for a cooking class or a kitchen at home: search the school's recipe book, read a
/// recipe's details, nutrition and diets, scale it, and cook it one step at a time.
public struct RecipesPlugin: ConfigurablePlugin {
    public static let id = "recipes"

    /// The `plugins.recipes` configuration section.
    public struct Settings: Decodable, Sendable {
        /// How many recipes a search lists.
        public var resultsCount = 5
        /// The largest recipe page `/recipe import` reads, in bytes.
        public var maximumPageBytes = 5_000_000
        /// Seconds a recipe page fetch may take.
        public var fetchTimeoutSeconds = 20
        /// A Spoonacular-compatible search service asked when the book has too few matches; off when absent.
        var remote: RemoteRecipeProvider.Settings?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case resultsCount, maximumPageBytes, fetchTimeoutSeconds, remote
        }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            resultsCount = try container.decode(.resultsCount, or: resultsCount)
            maximumPageBytes = try container.decode(.maximumPageBytes, or: maximumPageBytes)
            fetchTimeoutSeconds = try container.decode(.fetchTimeoutSeconds, or: fetchTimeoutSeconds)
            remote = try container.decodeIfPresent(RemoteRecipeProvider.Settings.self, forKey: .remote)
        }
    }

    let settings: Settings
    let remote: RemoteRecipeProvider?
    /// What `/recipe import` may fetch.
    let pageLimits: FetchLimits

    public init(settings: Settings) throws {
        guard (1...20).contains(settings.resultsCount) else { throw UserFacingError("resultsCount must be 1 to 20") }
        pageLimits = try FetchLimits(
            maximumBytes: settings.maximumPageBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
            bytesSetting: "maximumPageBytes")
        self.settings = settings
        remote = try settings.remote.map { settings throws(UserFacingError) in
            try RemoteRecipeProvider(settings: settings)
        }
    }

    public var migrations: [Migration] { RecipeStore.migrations() }

    public var commands: [Command] {
        [
            Command(
                "recipe", aliases: ["recipes"],
                summary: "search recipes, read one, scale it; filters: vegan, under 30 min, with chickpeas",
                usage:
                    "WORDS [FILTERS] | NUMBER [ingredients | steps | nutrition | macros | diets | summary | serves N]",
                examples: [
                    .init("recipe cornbread", "recipes for cornbread, numbered", answerContains: "Cornbread"),
                    .init("recipe soup vegan under 45 min", "vegan soups ready in 45 minutes", answerContains: "Soup"),
                    .init("recipe with chickpeas", "recipes that use chickpeas", answerContains: "Open one with"),
                    .init("recipe 1", "recipe 1: time, servings and source", answerContains: "#1 "),
                    .init("recipe 1 ingredients", "what recipe 1 needs", answerContains: "— ingredients"),
                    .init("recipe 1 steps", "how to make it, step by step", answerContains: "steps:"),
                    .init("recipe 1 macros", "calories, protein, fat … per serving", answerContains: "per serving:"),
                    .init("recipe 1 diets", "vegan, vegetarian, gluten free, dairy free, keto", answerContains: "#1 "),
                    .init("recipe 1 serves 8", "the ingredients for 8", answerContains: "to serves 8"),
                ],
                subcommands: [importCommand, removeCommand],
                handler: searchOrShow),
            cookCommand, stepCommand, backCommand, ingredientsCommand, stopCommand,
        ]
    }
}
