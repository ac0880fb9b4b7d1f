import Foundation
import Recipes
import Testing

@Suite struct RecipeExtractorTests {
    func page(_ blocks: String..., head: String = "") -> [UInt8] {
        Array(
            ("<html><head>\(head)"
                + blocks.map { "<script type=\"application/ld+json\">\($0)</script>" }.joined()
                + "</head><body><p>Text</p></body></html>").utf8)
    }

    @Test func aRecipeInsideAGraphWithATypeArrayIsReadWithSectionsDurationsAndNutrition() throws {
        let json = """
            {"@context": "https://schema.org", "@graph": [
              {"@type": "WebSite", "name": "Cooking"},
              {"@type": ["Recipe", "NewsArticle"], "name": "Mac &amp; Cheese",
               "description": "<p>Creamy &amp; quick</p>",
               "totalTime": "PT1H30M", "recipeYield": 6,
               "recipeIngredient": ["1 lb macaroni", "2 cups cheddar"],
               "recipeInstructions": [
                 {"@type": "HowToSection", "name": "Pasta", "itemListElement": [
                   {"@type": "HowToStep", "text": "Boil the macaroni."}]},
                 {"@type": "HowToSection", "name": "Sauce", "itemListElement": [
                   {"@type": "HowToStep", "name": "Melt", "text": "Stir in the cheddar."}]}],
               "nutrition": {"@type": "NutritionInformation", "calories": "143 kcal", "proteinContent": "4 g"},
               "image": [{"@type": "ImageObject", "url": "/img/mac.jpg", "width": 1200, "height": 800}]}
            ]}
            """
        let recipe = try RecipeExtractor.recipe(
            inPage: page(json), address: URL(string: "https://cooking.example.org/mac"))
        #expect(recipe.title == "Mac & Cheese")
        #expect(recipe.summary == "Creamy & quick")
        #expect(recipe.totalMinutes == 90)
        #expect(recipe.yields == "6 servings" && recipe.servings == 6)
        #expect(
            recipe.steps == [
                RecipeStep("Boil the macaroni.", section: "Pasta"),
                RecipeStep("Stir in the cheddar.", name: "Melt", section: "Sauce"),
            ])
        #expect(
            RecipeInspection(recipe).instructionsList == [
                "Pasta", "Boil the macaroni.", "Sauce", "Melt", "Stir in the cheddar.",
            ])
        #expect(recipe.nutrition == ["calories": "143 kcal", "proteinContent": "4 g"])
        #expect(recipe.image == "https://cooking.example.org/img/mac.jpg")
        #expect(recipe.source == "https://cooking.example.org/mac")
    }

    @Test func severalBlocksAMainEntityAndControlCharactersInsideStrings() throws {
        let other = #"{"@context": "https://schema.org", "@type": "Organization", "name": "Site"}"#
        let recipe =
            "{\"@context\": \"https://schema.org\", \"@type\": \"WebPage\", \"mainEntity\": {\"@type\": \"Recipe\", "
            + "\"name\": \"Tea\", \"recipeIngredient\": \"1 tea bag\", \"prepTime\": \"PT5M\", \"cookTime\": \"PT3M\", "
            + "\"recipeInstructions\": \"Boil water.\r\nSteep the tea bag.\"}}"
        let read = try RecipeExtractor.recipe(inPage: page(other, recipe))
        #expect(read.title == "Tea")
        #expect(read.ingredients == ["1 tea bag"])
        #expect(read.steps.map(\.text) == ["Boil water.", "Steep the tea bag."])
        #expect(read.minutesToMake == 8 && read.totalMinutes == nil)
    }

    @Test func theLargestImageAmongTheRecipesAndTheOpenGraphTagsIsChosen() throws {
        let json =
            #"{"@type": "Recipe", "name": "Soup", "image": ["https://a.example/s-225x225.jpg", "https://a.example/s.jpg"]}"#
        let head =
            #"<meta property="og:image" content="https://a.example/og.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">"#
        #expect(try RecipeExtractor.recipe(inPage: page(json, head: head)).image == "https://a.example/og.jpg")
    }

    @Test(
        arguments: [
            ("PT1H30M", 90), ("PT90M", 90), ("P0DT0H45M", 45), ("PT0S", nil), ("PT20M30S", 21), ("P1D", 1440),
            ("1 hour 30 mins", 90), ("45 minutes", 45), ("12-15 minutes", 15), ("nonsense", nil),
        ] as [(String, Int?)])
    func durationsInTheFormsPagesUse(text: String, minutes: Int?) throws {
        let json = "{\"@type\": \"Recipe\", \"name\": \"X\", \"totalTime\": \"\(text)\"}"
        #expect(try RecipeExtractor.recipe(inPage: page(json)).totalMinutes == minutes)
    }

    @Test(
        arguments: [
            ("\"4\"", "4 servings"), ("4", "4 servings"), ("\"Serves 4-6\"", "6 servings"),
            ("\"24 cookies\"", "24 cookies"),
            ("[\"8\", \"8 slices\"]", "8 slices"), ("\"2 dozen\"", "2 dozen"), ("\"1 loaf\"", "1 loaf"),
            ("\"Diverse mogelijkheden\"", nil),
        ] as [(String, String?)])
    func yieldsAsTextNumbersAndLists(value: String, yields: String?) throws {
        let json = "{\"@type\": \"Recipe\", \"name\": \"X\", \"recipeYield\": \(value)}"
        #expect(try RecipeExtractor.recipe(inPage: page(json)).yields == yields)
    }

    @Test func pagesWithoutARecipeGetAClearError() {
        #expect(throws: RecipeExtractionError.self) {
            try RecipeExtractor.recipe(inPage: Array("<html><p>Hi</p></html>".utf8))
        }
        do {
            _ = try RecipeExtractor.recipe(inPage: page(#"{"@type": "NewsArticle", "headline": "Concert"}"#))
            Issue.record("a page without a Recipe was read")
        } catch {
            #expect(error.message == "the page's schema.org data has no Recipe")
        }
        do {
            _ = try RecipeExtractor.recipe(inPage: Array("<html><p>Hi</p></html>".utf8))
        } catch {
            #expect(error.message.contains("no application/ld+json block"))
        }
        // A block that is not JSON is skipped, not a crash.
        #expect(throws: RecipeExtractionError.self) { try RecipeExtractor.recipe(inPage: page("{not json")) }
        // A commented-out block does not count.
        let commented = Array(
            "<!-- <script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"X\"}</script> -->".utf8)
        #expect(throws: RecipeExtractionError.self) { try RecipeExtractor.recipe(inPage: commented) }
    }
}
