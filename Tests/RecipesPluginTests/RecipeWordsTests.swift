import HomeroomTesting
import Testing

/// `/recipe N …` in the words recipe apps and students use.
@Suite struct RecipeWordsTests {
    @Test(arguments: [
        ("macros", "per serving:"), ("nutrition facts", "per serving:"), ("calories", "per serving:"),
        ("overview", "More: /recipe 1"), ("general", "More: /recipe 1"), ("info", "More: /recipe 1"),
        ("directions", "steps:"), ("method", "steps:"), ("shopping list", "— ingredients"),
        ("diet", "#1 "), ("description", "#1 "),
    ])
    func aWordPeopleUseGetsTheSameAnswerAsTheMainWord(word: String, answer: String) async throws {
        try await withRecipesBot { bot in
            let reply = try await bot.expect("/recipe 1 \(word)", contains: answer)
            let main = [
                "macros": "nutrition", "nutrition facts": "nutrition", "calories": "nutrition",
                "overview": "", "general": "", "info": "", "directions": "steps", "method": "steps",
                "shopping list": "ingredients", "diet": "diets", "description": "summary",
            ][word]
            let same = try await bot.expect("/recipe 1 \(try #require(main))".trimmingCharacters(in: .whitespaces))
            #expect(reply.lines == same.lines)
        }
    }

    @Test func wordsAfterAKnownNameAreNotRead() async throws {
        try await withRecipesBot { bot in
            let polite = try await bot.expect("/recipe 1 ingredients please", contains: "— ingredients")
            let plain = try await bot.expect("/recipe 1 ingredients")
            #expect(polite.lines == plain.lines)
            let list = try await bot.expect("/recipe 1 shopping list for saturday", contains: "— ingredients")
            #expect(list.lines == plain.lines)
        }
    }

    @Test func anUnknownWordIsRefusedWithTheWordsAccepted() async throws {
        try await withRecipesBot { bot in
            try await bot.expect(
                "/recipe 1 flavour",
                contains: "\"flavour\" — ask for ingredients, summary, nutrition, diets, steps or serves N",
                "also: overview, macros, calories, shopping list, directions", error: true)
            try await bot.expect("/recipe 1 shopping cart", contains: "\"shopping cart\" — ask for", error: true)
        }
    }
}
