import Foundation
import HomeroomCore
import Recipes

extension RecipesPlugin {
    /// `/recipe WORDS` searches; `/recipe 12 …` shows recipe 12.
    @Sendable func searchOrShow(_ context: CommandContext) async throws -> Reply {
        guard let first = context.arguments.first else {
            throw UserFacingError(
                context.words(
                    "tell me what to look for, e.g. {example}", ["example": context.typed("recipe cornbread")]))
        }
        if let id = RecipeFormatter.number(first) { return try await show(id, context) }
        return try await search(context)
    }

    private func search(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let query: RecipeQuery
        do {
            query = try RecipeQuery(context.arguments, words)
        } catch {
            throw context.usageError(error.message)
        }
        let store = RecipeStore(storage: context.storage, logger: context.logger)
        var found = try await localMatches(query, store: store)
        var notes: [String] = []
        if found.count < settings.resultsCount, let remote, !query.terms.isEmpty {
            do {
                let recipes = try await remote.search(
                    query.text, count: settings.resultsCount, fetcher: context.fetcher, logger: context.logger
                )
                .filter(query.admits)
                if !recipes.isEmpty {
                    let entry = context.auditEntry("recipes.remote", "saved \(recipes.count) for \"\(query.text)\"")
                    let saved = try await RecipeImporter.save(recipes, into: context.storage, audit: entry)
                    let known = Set(found.map(\.0))
                    found += zip(saved.numbers, recipes).filter { !known.contains($0.0) }
                }
            } catch let failure as RemoteRecipeProvider.Failure {
                context.logger.warning("recipe service failed", metadata: ["error": "\(failure)"])
                let note =
                    switch failure {
                    case .notAnswering(let reason):
                        words(
                            "(The recipe service is not answering ({reason}); these are from the school's book only.)",
                            ["reason": reason])
                    case .notSearchResults:
                        words(
                            "(The recipe service sent something that is not a search result; these are from the school's book only.)"
                        )
                    }
                notes.append(note)
            }
        }
        let shown = found.prefix(settings.resultsCount)
        guard !shown.isEmpty else {
            return Reply(lines: [try await noResults(query, store: store, context: context)] + notes)
        }
        let open: KeyValuePairs<String, String> = ["command": context.typed("recipe NUMBER")]
        return Reply(
            lines: shown.map { RecipeFormatter.line($0.0, $0.1, words) } + notes
                + [
                    found.count > shown.count
                        ? words("Open one with {command} (there are more: add words to narrow it).", open)
                        : words("Open one with {command}.", open)
                ])
    }

    /// The book's recipes matching the words (all recipes when there are none) and the filters,
    /// best first: enough of them to show a page and know whether there are more. The time limit
    /// is applied by the database; recipes are loaded in small batches for the other filters, so a
    /// common word in a large book costs a page, not the book.
    ///
    /// The index is asked first for a few more hits than a page needs (many more when filters may
    /// drop some), and for up to ``maximumHits`` only when those leave too few: the best hits are
    /// the same whatever the limit, so the answer is too, and the usual search ranks and reads a
    /// page rather than hundreds of rows.
    private func localMatches(_ query: RecipeQuery, store: RecipeStore) async throws -> [(Int64, Recipe)] {
        let wanted = settings.resultsCount + 1
        if query.terms.isEmpty {
            return try await admitted(
                query, from: try await store.idsByTitle(madeWithin: query.maximumMinutes), wanted: wanted, store: store)
        }
        let filtered = query.maximumMinutes != nil || !query.diets.isEmpty || !query.ingredients.isEmpty
        let first = min(wanted * (filtered ? 16 : 2), Self.maximumHits)
        let hits = try await store.matching(query.text, limit: first)
        var ids = hits
        if let minutes = query.maximumMinutes { ids = try await store.ids(ids, madeWithin: minutes) }
        let matches = try await admitted(query, from: ids, wanted: wanted, store: store)
        guard matches.count < wanted, hits.count == first, first < Self.maximumHits else { return matches }
        ids = try await store.matching(query.text, limit: Self.maximumHits)
        if let minutes = query.maximumMinutes { ids = try await store.ids(ids, madeWithin: minutes) }
        return try await admitted(query, from: ids, wanted: wanted, store: store)
    }

    /// The most index hits a search looks through for recipes passing its filters.
    private static let maximumHits = 500

    /// The first `wanted` (or a few more) of the recipes `ids` that pass the filters, in that order.
    private func admitted(_ query: RecipeQuery, from ids: [Int64], wanted: Int, store: RecipeStore) async throws -> [(
        Int64, Recipe
    )] {
        var matches: [(Int64, Recipe)] = []
        var start = 0
        var batch = wanted
        while start < ids.count, matches.count < wanted {
            let slice = Array(ids[start..<min(start + batch, ids.count)])
            let recipes = try await store.recipes(slice)
            matches += slice.compactMap { id in recipes[id].flatMap { query.admits($0) ? (id, $0) : nil } }
            start += slice.count
            batch = min(batch * 4, 400)
        }
        return matches
    }

    /// "No recipe matches … — closest titles: …", never an empty answer.
    private func noResults(_ query: RecipeQuery, store: RecipeStore, context: CommandContext) async throws -> String {
        let words = context.words
        let asked = context.arguments.joined(separator: " ")
        let titles = try await store.titles()
        guard !titles.isEmpty else {
            return words(
                "The recipe book is empty. An admin adds recipes with {command}.",
                ["command": context.typed("recipe import URL")])
        }
        let closest = Self.closestTitles(to: query.terms.isEmpty ? context.arguments : query.terms, in: titles)
        return words(
            "No recipe matches \"{asked}\" — closest titles: {titles}.",
            ["asked": asked, "titles": words.items(closest.prefix(3).map { "#\($0.id) \($0.title)" })])
    }

    /// Titles ranked by how close their words are to the asked words (edit distance), then by
    /// title; always some, so that a student who misspells gets somewhere.
    static func closestTitles(to terms: [String], in titles: [(id: Int64, title: String)]) -> [(
        id: Int64, title: String
    )] {
        let asked = terms.map { $0.lowercased() }
        let scored = titles.map { entry -> (Int, Int64, String) in
            let titleWords = entry.title.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
            let distance = asked.reduce(0) { total, word in
                total + (titleWords.map { EditDistance.between(word, $0) }.min() ?? word.count)
            }
            return (distance, entry.id, entry.title)
        }
        return scored.sorted { ($0.0, $0.2) < ($1.0, $1.2) }.map { ($0.1, $0.2) }
    }
}
