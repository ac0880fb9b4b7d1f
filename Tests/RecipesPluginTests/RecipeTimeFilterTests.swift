import Foundation
import HomeroomCore
import HomeroomTesting
import Recipes
import RecipesPlugin
import Testing

/// The time filter of `/recipe WORDS under N min`, which the database applies: it keeps exactly
/// the recipes made in time, in the order the words rank them, on both backends.
@Suite struct RecipeTimeFilterTests {
    /// Soups of every speed: a total time, preparation and cooking only, no time at all.
    static let soups: [Recipe] = (1...16).map { number in
        let minutes = 5 * number
        return Recipe(
            title: "Soup \(number)", summary: number % 3 == 0 ? "A soup, a soup, a soup." : "A soup.", source: "bench",
            totalMinutes: number % 4 == 0 ? nil : minutes, prepMinutes: number % 4 == 0 ? minutes / 2 : nil,
            cookMinutes: number % 4 == 0 ? minutes - minutes / 2 : nil, yields: "4 servings",
            ingredients: ["1 cup broth"], steps: [RecipeStep("Simmer.")], tags: ["soup"])
    }
    static let untimed = Recipe(
        title: "Soup without a time", source: "bench", ingredients: ["1 cup broth"], steps: [RecipeStep("Simmer.")])

    func withSoups(_ backend: DatabaseBackend, _ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(
            plugins: [RecipesPlugin.self], backend: backend,
            configure: { $0.plugins["recipes"] = .object(["resultsCount": .number(20)]) }
        ) { bot in
            let audit = AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "test", detail: "soups")
            _ = try await RecipeImporter.save(
                Self.soups + [Self.untimed], into: bot.runtime.storage(for: RecipesPlugin.id), audit: audit)
            try await body(bot)
        }
    }

    /// The titles a search's answer lists, best first: "Soup 3" from "#3 Soup 3 — 15 min, 4 servings".
    func titles(_ reply: Reply) -> [String] {
        reply.lines.filter { $0.hasPrefix("#") }.map { line in
            let title = line.drop { $0 != " " }.dropFirst()
            return String(title.prefix { $0 != "—" }).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aTimeLimitKeepsTheRecipesMadeInTimeInTheirRankedOrder(backend: DatabaseBackend) async throws {
        try await withSoups(backend) { bot in
            let all = titles(try await bot.expect("/recipe soup"))
            #expect(all.count == 17)
            let minutes = Dictionary(uniqueKeysWithValues: Self.soups.map { ($0.title, $0.minutesToMake) })
            for limit in [5, 22, 40, 80] {
                let quick = titles(try await bot.expect("/recipe soup under \(limit) min"))
                let inTime = all.filter { title in (minutes[title] ?? nil).map { $0 <= limit } ?? false }
                #expect(quick == inTime, "under \(limit) min")
            }
            let none = try await bot.expect("/recipe soup under 4 min")
            #expect(none.text.hasPrefix("No recipe matches"))
            // Without words, the time limit applies to the whole book, by title.
            let quickest = titles(try await bot.expect("/recipe under 10 min"))
            #expect(quickest == ["Soup 1", "Soup 2"])
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aRecipeImportedAgainIsFilteredByItsNewTime(backend: DatabaseBackend) async throws {
        try await withSoups(backend) { bot in
            let before = try await bot.expect("/recipe soup under 10 min")
            #expect(!before.text.contains("Soup 16 "))
            var faster = Self.soups[15]
            faster.totalMinutes = 8
            let audit = AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "test", detail: "again")
            let summary = try await RecipeImporter.save(
                [faster], into: bot.runtime.storage(for: RecipesPlugin.id), audit: audit)
            #expect(summary.updated.count == 1)
            try await bot.expect("/recipe soup under 10 min", contains: "Soup 16 — 8 min")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func quickRecipesRankedBelowManySlowOnesAreStillFound(backend: DatabaseBackend) async throws {
        // 120 stews alike but for their number rank the same, so by number: the 10 quick ones last.
        let stews = (1...120).map { number in
            Recipe(
                title: "Stew \(number)", summary: "A stew.", source: "bench", totalMinutes: number > 110 ? 20 : 90,
                yields: "4 servings", ingredients: ["2 cups water"], steps: [RecipeStep("Simmer.")], tags: ["stew"])
        }
        try await TestBot.with(plugins: [RecipesPlugin.self], backend: backend) { bot in
            let audit = AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "test", detail: "stews")
            _ = try await RecipeImporter.save(stews, into: bot.runtime.storage(for: RecipesPlugin.id), audit: audit)
            let quick = try await bot.expect("/recipe stew under 30 min")
            #expect(titles(quick) == (111...115).map { "Stew \($0)" })
            #expect(quick.text.contains("there are more"))
            let vegan = try await bot.expect("/recipe stew vegan under 30 min")
            #expect(titles(vegan) == (111...115).map { "Stew \($0)" })
            let first = try await bot.expect("/recipe stew")
            #expect(titles(first) == (1...5).map { "Stew \($0)" })
            #expect(first.text.contains("there are more"))
        }
    }
}
