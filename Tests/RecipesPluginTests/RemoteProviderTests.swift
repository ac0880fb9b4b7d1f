import Foundation
import HomeroomCore
import HomeroomTesting
import RecipesPlugin
import Testing

@Suite struct RemoteProviderTests {
    static let searchPath =
        "/recipes/complexSearch?query=gumbo&number=5&addRecipeInformation=true&fillIngredients=true&addRecipeNutrition=true&apiKey=test-key"

    static let answer = """
        {"results": [{"id": 715415, "title": "Shrimp Gumbo", "readyInMinutes": 75, "servings": 6,
          "sourceUrl": "https://recipes.example.org/gumbo", "image": "https://img.example.org/gumbo.jpg",
          "summary": "A <b>hearty</b> gumbo.", "diets": ["gluten free", "dairy free"], "dishTypes": ["main course"],
          "extendedIngredients": [{"original": "1 lb shrimp"}, {"original": "2 cups okra"}],
          "analyzedInstructions": [{"name": "", "steps": [{"number": 1, "step": "Make a roux."}, {"number": 2, "step": "Add the okra and shrimp."}]}],
          "nutrition": {"nutrients": [{"name": "Calories", "amount": 310.5, "unit": "kcal"}, {"name": "Protein", "amount": 24, "unit": "g"}]}}]}
        """

    @Test func theServiceFillsInWhatTheBookLacksAndItsRecipesWorkLikeTheBooks() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve(Self.searchPath, .text(Self.answer, contentType: "application/json"))
        do {
            try await withRecipesBot(settings: [
                "remote": .object([
                    "baseURL": .string(server.url("").absoluteString), "apiKey": .string("test-key"),
                    "timeoutSeconds": .number(2),
                ])
            ]) { bot in
                try await bot.expect("/recipe gumbo", contains: "#27 Shrimp Gumbo — 1 h 15 min, 6 servings")
                try await bot.expect("/recipe 27 nutrition", contains: "calories: 310.5 kcal, protein: 24 g")
                try await bot.expect("/recipe 27 summary", contains: "A hearty gumbo.")
                try await bot.expect("/cook 27", contains: "Step 1 of 2 — Make a roux.")
                // Asked again, the saved copy is updated, not duplicated.
                try await bot.expect("/recipe gumbo", contains: "#27 Shrimp Gumbo")
                #expect(server.requests.filter { $0.path == Self.searchPath }.count == 2)
                // A service that is down leaves the book's answers and says so.
                server.serve(Self.searchPath, .init(status: 503))
                let down = try await bot.expect("/recipe gumbo")
                #expect(down.text.contains("#27 Shrimp Gumbo"))
                #expect(down.text.contains("The recipe service is not answering"))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aBadRemoteSettingIsNamed() async throws {
        #expect(throws: UserFacingError("remote.baseURL must be an http or https address")) {
            var settings = RecipesPlugin.Settings()
            settings = try JSONDecoder().decode(
                RecipesPlugin.Settings.self, from: Data(#"{"remote": {"baseURL": "ftp://x", "apiKey": "k"}}"#.utf8))
            _ = try RecipesPlugin(settings: settings)
        }
    }
}
