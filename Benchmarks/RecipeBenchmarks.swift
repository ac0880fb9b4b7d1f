import Foundation
import HTMLText
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Recipes
import RecipesPlugin

/// JSON-LD recipe extraction over the corpus's recipe pages, against parsing the same pages into
/// a document (what reading them through the HTML parser would cost at least). Goal: 50 MB/s.
func benchmarkRecipeExtraction() async throws {
    guard Corpus.isAvailable else {
        return Report.say("recipes: skipped, the shared corpora are not beside this package")
    }
    let folder = Corpus.root.appendingPathComponent("recipes/pages")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html.gz") }
    var pages: [[UInt8]] = []
    for file in files.sorted() { pages.append(try await Corpus.gunzip(folder.appendingPathComponent(file))) }
    let total = pages.reduce(0) { $0 + $1.count }
    var found = 0
    let extraction = throughput(bytes: total, rounds: 7) {
        found = pages.count { (try? RecipeExtractor.recipe(inPage: $0)) != nil }
    }
    let parsing = throughput(bytes: total, rounds: 3) {
        for page in pages { _ = HTMLTree(parsing: page) }
    }
    Report.say(
        "recipe extraction (\(pages.count) corpus pages, \(String(format: "%.1f", Double(total) / 1e6)) MB, "
            + "\(found) recipes), floor: libxml2 parsing the same pages into a tree:")
    Report.figure(Figure("recipes.extract", extraction, "MB/s", floor: parsing, goal: .atLeast(50)))
    Report.say("  reference measured on this machine by the issue: recipe-scrapers about 4 MB/s")
}

/// Search latency through the whole command path (`/recipe WORDS` dispatched, searched, loaded,
/// filtered, formatted) on a generated book of 50,000 recipes in SQLite. Goal: p99 under 2 ms.
func benchmarkRecipeSearch() async throws {
    let bot = try await TestBot.start(plugins: [RecipesPlugin.self])
    let words = [
        "chicken", "lentil", "tomato", "basil", "garlic", "lemon", "rice", "noodle", "cheddar", "spinach", "ginger",
        "maple", "pecan", "apple", "cinnamon", "potato", "salmon", "tofu", "chickpea", "mushroom", "pepper", "onion",
        "carrot", "coconut", "honey", "oat", "almond", "cabbage", "pumpkin", "corn",
    ]
    let dishes = [
        "soup", "salad", "bread", "curry", "pasta", "stew", "tacos", "bowl", "pie", "cake", "muffins", "bake",
    ]
    var random = SystemRandomNumberGenerator()
    let storage = bot.runtime.storage(for: RecipesPlugin.id)
    let audit = AuditEntry(at: bot.clock.now, actor: AuditEntry.commandLine, action: "bench", detail: "generated")
    for batch in 0..<50 {
        let recipes = (0..<1000).map { index -> Recipe in
            let main = words.randomElement(using: &random)!
            let other = words.randomElement(using: &random)!
            let dish = dishes.randomElement(using: &random)!
            return Recipe(
                title: "\(main.capitalized) and \(other) \(dish) \(batch * 1000 + index)",
                summary: "A \(dish) of \(main) with \(other).", source: "bench",
                totalMinutes: Int.random(in: 10...120, using: &random), yields: "4 servings",
                ingredients: ["2 cups \(main)", "1 cup \(other)", "1 teaspoon salt"],
                steps: [RecipeStep("Cook the \(main)."), RecipeStep("Add the \(other).")], tags: [dish])
        }
        _ = try await RecipeImporter.save(recipes, into: storage, audit: audit)
    }
    let queries = (0..<200).map { _ in
        "/recipe \(words.randomElement(using: &random)!) \(dishes.randomElement(using: &random)!)"
    }
    var next = 0
    let measured = await latencies(samples: 200) {
        _ = await bot.send(queries[next % queries.count])
        next += 1
    }
    let filtered = await latencies(samples: 200) {
        _ = await bot.send("\(queries[next % queries.count]) under 30 min")
        next += 1
    }
    let byNumber = await latencies(samples: 200) {
        _ = await bot.send("/recipe \(1 + next % 50_000)")
        next += 1
    }
    await bot.stop()
    Report.say("recipe search (50,000 generated recipes, SQLite FTS5, the whole /recipe command):")
    Report.figure(Figure("recipes.search.words.p50", measured.p50 / 1000, "ms"))
    Report.figure(
        Figure("recipes.search.words.p99", measured.p99 / 1000, "ms", floor: byNumber.p99 / 1000, goal: .below(2)))
    Report.figure(Figure("recipes.search.filtered.p50", filtered.p50 / 1000, "ms"))
    Report.figure(
        Figure("recipes.search.filtered.p99", filtered.p99 / 1000, "ms", floor: byNumber.p99 / 1000, goal: .below(2)))
    Report.figure(Figure("recipes.by-number.p50", byNumber.p50 / 1000, "ms"))
    Report.figure(Figure("recipes.by-number.p99", byNumber.p99 / 1000, "ms"))
    Report.say("  the floor is /recipe NUMBER in the same run: one row read, no search")
}
