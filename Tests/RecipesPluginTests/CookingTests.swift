import Foundation
import HomeroomCore
import HomeroomTesting
import RecipesPlugin
import Testing

@Suite struct CookingTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func cookingStepByStepSurvivesARestart(backend: DatabaseBackend) async throws {
        try await withRecipesBot(backend: backend) { bot in
            let start = try await bot.expect("/cook 1")
            #expect(start.lines[0] == "Cooking #1 Skillet Cornbread.")
            #expect(
                start.lines[1]
                    == "Step 1 of 6 — Heat the oven to 425°F (220°C) with a 10-inch cast-iron skillet inside.")
            let second = try await bot.expect("/step")
            #expect(second.lines[0].hasPrefix("Step 2 of 6 — Whisk the cornmeal, flour, sugar"))
            #expect(second.advances, "typing /step again asks for the next step, never a repeat to fold")
            #expect(
                second.lines[1] == "You need: 1 1/2 cups cornmeal; 1/2 cup all-purpose flour; 1 tablespoon sugar; "
                    + "2 teaspoons baking powder; 1/2 teaspoon baking soda; 3/4 teaspoon salt")
            let restarted = try await bot.restarted()
            do {
                let third = try await restarted.expect("/step")
                #expect(third.lines[0].hasPrefix("Step 3 of 6 — In another bowl whisk the buttermilk and eggs"))
                #expect(third.lines[1] == "You need: 1 1/2 cups buttermilk; 2 large eggs; 4 tablespoons butter, melted")
                try await restarted.expect("/back", contains: "Step 2 of 6")
                try await restarted.expect("/step 6", contains: "Step 6 of 6 — Bake 20 to 25 minutes")
                try await restarted.expect("/step", contains: "That was the last step of Skillet Cornbread")
                try await restarted.expect("/step 7", contains: "#1 has steps 1 to 6", error: true)
                try await restarted.expect(
                    "/ingredients", contains: "#1 Skillet Cornbread needs:", "• 3/4 teaspoon salt")
                try await restarted.expect("/stop", contains: "Cooking mode ended.")
                try await restarted.expect(
                    "/step", contains: "you are not cooking anything — start with /cook NUMBER", error: true)
            } catch {
                await restarted.runtime.close()
                throw error
            }
            await restarted.runtime.close()
        }
    }

    @Test func eachPersonCooksTheirOwnRecipeAndADirectMessageKeepsTheChannelQuiet() async throws {
        try await withRecipesBot { bot in
            try await bot.expect("/cook 2", from: "console:ana", contains: "Step 1 of 4")
            try await bot.expect("/cook 3", from: "console:ben", contains: "Step 1 of 4 — Whisk the flour")
            try await bot.expect("/step", from: "console:ana", contains: "Step 2 of 4 — Add the garlic")
            try await bot.expect("/step", from: "console:ben", contains: "Step 2 of 4 — Make a well")
            // The session follows the person: Ana goes on in a direct message, Ben is not moved.
            let direct = await bot.send("/step", from: "console:ana")
            #expect(direct?.visibility == .conversation && direct?.text.contains("Step 3 of 4") == true)
            try await bot.expect("/back", from: "console:carl", contains: "you are not cooking anything", error: true)
            try await bot.expect("/cook", contains: "which recipe? e.g. /cook 12", error: true)
            try await bot.expect("/cook 99", contains: "no recipe #99", error: true)
        }
    }
}
