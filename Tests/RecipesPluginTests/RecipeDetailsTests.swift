import Foundation
import HomeroomCore
import HomeroomTesting
import RecipesPlugin
import Testing

@Suite struct RecipeDetailsTests {
    @Test func generalIngredientsSummaryNutritionAndDiets() async throws {
        try await withRecipesBot { bot in
            let overview = try await bot.expect("/recipe 1")
            #expect(overview.lines[0] == "#1 Skillet Cornbread")
            #expect(overview.lines[1] == "Time: 35 min (prep 10 min, cook 25 min) · Makes: 8 servings")
            #expect(overview.text.contains("Source: Homeroom sample recipe book"))
            try await bot.expect("/recipe 1 ingredients", contains: "• 1 1/2 cups cornmeal", "• 2 large eggs")
            try await bot.expect("/recipe 1 summary", contains: "cast-iron skillet")
            let nutrition = try await bot.expect("/recipe 1 nutrition")
            #expect(
                nutrition.text == "#1 Skillet Cornbread, per serving: calories: 210 kcal, protein: 6 g, fat: 8 g, "
                    + "carbohydrates: 29 g, fibre: 2 g, sugar: 4 g, sodium: 420 mg.")
            try await bot.expect("/recipe 2 diets", contains: "vegan, gluten free (declared by the source)")
        }
    }

    @Test func scalingRewritesTheAmountsAndKeepsAPinch() async throws {
        try await withRecipesBot { bot in
            let reply = try await bot.expect("/recipe 1 serves 4")
            #expect(reply.lines[0] == "#1 Skillet Cornbread, scaled from 8 servings to serves 4:")
            #expect(reply.lines.contains("• 3/4 cup cornmeal"))
            #expect(reply.lines.contains("• 1 large eggs"))
            #expect(reply.lines.contains("• 2 tablespoons butter, melted"))
            let cookies = try await bot.expect("/recipe 16 serves 72")
            #expect(cookies.lines[0] == "#16 Chocolate Chip Cookies, scaled from 36 cookies to makes 72 cookies:")
            #expect(cookies.lines.contains("• 4 1/2 cups all-purpose flour"))
        }
    }

    @Test func derivedDietsAreMarkedAsDerived() async throws {
        try await withRecipesBot { bot in
            try await bot.expect(
                "/recipe import http://127.0.0.1:1/none", from: "console:admin", contains: "permission", error: true)
            try await bot.loginAsAdmin()
            let server = try await LoopbackHTTPServer.start()
            server.serve("/waffles", .text(waffleRecipePage, contentType: "text/html"))
            server.serve("/news", .text("<html><p>No recipe here</p></html>", contentType: "text/html"))
            do {
                try await bot.expect(
                    "/recipe import \(server.url("/waffles").absoluteString)", from: "console:admin",
                    contains: "Added #27 Crisp Waffles (4 ingredients, 2 steps).")
                try await bot.expect("/recipe 27 diets", contains: "vegetarian (derived from the ingredients")
                // The same page again updates the same recipe: imports are idempotent by address.
                try await bot.expect(
                    "/recipe import \(server.url("/waffles").absoluteString)", from: "console:admin",
                    contains: "Updated #27 Crisp Waffles")
                try await bot.expect("/recipe waffles", contains: "#27 Crisp Waffles — 25 min, 4 servings")
                try await bot.expect(
                    "/recipe import \(server.url("/news").absoluteString)", from: "console:admin",
                    contains: "no recipe at \(server.url("/news").absoluteString): the page has no schema.org data",
                    error: true)
                try await bot.expect(
                    "/recipe import \(server.url("/gone").absoluteString)", from: "console:admin",
                    contains: "cannot fetch", "404", error: true)
                try await bot.expect(
                    "/recipe import not-a-url", from: "console:admin", contains: "http or https address", error: true)
                try await bot.expect("/recipe remove 27", from: "console:admin", contains: "Removed recipe #27.")
                try await bot.expect("/recipe 27", contains: "no recipe #27", error: true)
                try await bot.expect("/recipe remove 27", from: "console:admin", contains: "no recipe #27", error: true)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    @Test func anImportReachesTheBotsOwnMachineOnlyOnAHostTheFetchSettingsName() async throws {
        // The tests' settings list the address 127.0.0.1 (fetch.allowedHosts), not the name localhost:
        // the command may be granted to anyone, so a page it names is not taken for an admin's address.
        try await withRecipesBot { bot in
            try await bot.loginAsAdmin()
            let server = try await LoopbackHTTPServer.start()
            server.serve("/waffles", .text(waffleRecipePage, contentType: "text/html"))
            do {
                let byName = server.url("/waffles").absoluteString.replacingOccurrences(
                    of: "//\(LoopbackHTTPServer.host):", with: "//localhost:")
                #expect(byName.hasPrefix("http://localhost:"))
                try await bot.expect(
                    "/recipe import \(byName)", from: "console:admin",
                    contains: "cannot fetch \(byName): the link leads to the bot's own machine", error: true)
                #expect(server.requests.isEmpty)
                try await bot.expect(
                    "/recipe import \(server.url("/waffles").absoluteString)", from: "console:admin",
                    contains: "Added #27 Crisp Waffles")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    @Test func theBookFileIsCheckedRecipeByRecipe() throws {
        let missingSteps =
            #"{"book": "B", "recipes": [{"title": "A", "ingredients": ["x"], "steps": ["y"]}, {"title": "B", "ingredients": ["x"]}]}"#
        #expect(throws: UserFacingError("recipe 2: steps is missing")) {
            try RecipeImporter.recipes(inBook: Data(missingSteps.utf8))
        }
        let emptySteps = #"[{"title": "A", "ingredients": ["x"], "steps": []}]"#
        #expect(throws: UserFacingError("recipe 1 (A) has no steps")) {
            try RecipeImporter.recipes(inBook: Data(emptySteps.utf8))
        }
        #expect(throws: UserFacingError("recipe 1: totalMinutes: expected Int")) {
            try RecipeImporter.recipes(
                inBook: Data(#"[{"title": "A", "ingredients": ["x"], "steps": ["y"], "totalMinutes": "soon"}]"#.utf8))
        }
        #expect(throws: UserFacingError.self) { try RecipeImporter.recipes(inBook: Data("{\"book\": ".utf8)) }
        let book = try RecipeImporter.recipes(inBook: Data(contentsOf: sampleBook))
        #expect(book.count >= 25)
        for recipe in book {
            #expect(recipe.summary != nil && recipe.image != nil && recipe.totalMinutes != nil && recipe.yields != nil)
            #expect(!recipe.nutrition.isEmpty && !recipe.diets.isEmpty && !recipe.tags.isEmpty, "\(recipe.title)")
        }
    }
}
