import Foundation
import HomeroomCore
import HomeroomTesting
import RecipesPlugin
import Testing

@Suite struct RecipeSearchTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func aSearchListsNumberedRecipesWithTimeAndServings(backend: DatabaseBackend) async throws {
        try await withRecipesBot(backend: backend) { bot in
            let reply = try await bot.expect("/recipe cornbread")
            #expect(reply.lines == ["#1 Skillet Cornbread — 35 min, 8 servings", "Open one with /recipe NUMBER."])
            // Words of the ingredients and tags count too.
            try await bot.expect("/recipe tahini", contains: "#17 Hummus")
            try await bot.expect("/recipe middle eastern", contains: "#17 Hummus")
        }
    }

    @Test func filtersForDietsTimeAndIngredients() async throws {
        try await withRecipesBot { bot in
            let vegan = try await bot.expect("/recipe soup vegan")
            #expect(
                vegan.text.contains("Lentil Soup") && !vegan.text.contains("Chicken Noodle")
                    && !vegan.text.contains("Tomato Basil"))
            let quick = try await bot.expect("/recipe pasta under 25 min")
            #expect(quick.text.contains("Macaroni") && quick.text.contains("Caprese Pasta Salad"))
            #expect(!quick.text.contains("Spaghetti"), "the spaghetti takes 30 min: \(quick.text)")
            let chickpeas = try await bot.expect("/recipe with chickpeas")
            #expect(chickpeas.text.contains("Chickpea and Spinach Curry") && chickpeas.text.contains("Hummus"))
            #expect(!chickpeas.text.contains("Cornbread"))
            let glutenFree = try await bot.expect("/recipe cookies gluten free")
            #expect(glutenFree.text.hasPrefix("No recipe matches"))
            try await bot.expect("/recipe soup under 2 hours", contains: "Lentil Soup")
            try await bot.expect(
                "/recipe soup under 30 fortnights", contains: "\"fortnights\" is not a time unit", error: true)
        }
    }

    @Test func badSearchesGetAShortSpecificAnswer() async throws {
        try await withRecipesBot { bot in
            try await bot.expect("/recipe", contains: "tell me what to look for, e.g. /recipe cornbread", error: true)
            let missing = try await bot.expect("/recipe cornbred")
            #expect(missing.lines[0].hasPrefix("No recipe matches \"cornbred\" — closest titles: #1 Skillet Cornbread"))
            try await bot.expect("/recipe 999", contains: "no recipe #999", error: true)
            try await bot.expect(
                "/recipe 1 flavour", contains: "ask for ingredients, summary, nutrition, diets", error: true)
            try await bot.expect(
                "/recipe 1 serves lots", contains: "say how many, e.g. /recipe 1 serves 8", error: true)
            try await bot.expect("/recipe 1 serves 0", contains: "serves must be 1 to 500", error: true)
        }
    }

    @Test func everyWorkedExampleAnswers() async throws {
        try await withRecipesBot { bot in try await bot.runExamples(of: RecipesPlugin.self) }
    }

    /// Run in the pseudo-language on the sample book, every example says every word through the
    /// catalogs, whole.
    @Test func everyWorkedExampleSpeaksThroughTheCatalogs() async throws {
        try await withRecipesBot(language: Language.pseudo.code) { bot in
            try await bot.runExamplesThroughCatalogs(of: RecipesPlugin.self)
        }
    }

    @Test func anEmptyBookSaysHowToFillIt() async throws {
        try await TestBot.with(plugins: [RecipesPlugin.self]) { bot in
            try await bot.expect("/recipe cornbread", contains: "The recipe book is empty")
        }
    }
}
