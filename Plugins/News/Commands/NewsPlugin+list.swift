import Foundation
import HomeroomCore

extension NewsPlugin {
    /// The words that ask for the latest stories, as `/news` alone does.
    static let latestWords: Set<String> = ["latest", "headlines", "recent", "new"]

    /// `/news` and `/news latest` list; `/news 12` reads.
    @Sendable func latestOrRead(_ context: CommandContext) async throws -> Reply {
        if context.arguments.isEmpty
            || (context.arguments.count == 1 && Self.latestWords.contains(context.arguments[0].lowercased()))
        {
            return try await latest(context, source: nil)
        }
        guard context.arguments.count == 1, Int64(context.arguments[0]) != nil else {
            throw context.usageError(
                context.words(
                    "\"{text}\" is not a story number", ["text": context.arguments.joined(separator: " ")]))
        }
        return try await read(context)
    }

    var searchCommand: Command {
        Command(
            "search", summary: "stories whose title or text has all these words", usage: "WORDS",
            examples: [.init("news search concert", "stories about the concert", answerContains: "Winter Concert")]
        ) { context in
            let words = context.words
            let query = context.arguments.joined(separator: " ")
            guard !searchWords(in: query).isEmpty else {
                throw context.usageError(
                    words("tell me what to look for, e.g. {command}", ["command": context.typed("news search concert")])
                )
            }
            let found = try await NewsStore(storage: context.storage).search(query, limit: settings.latestCount)
            guard !found.isEmpty else { return Reply(words("No story mentions \"{query}\".", ["query": query])) }
            let formatter = NewsFormatter(school: context.school, words: words)
            return Reply(lines: found.map(formatter.line) + [readHint(context)])
        }
    }

    var fromCommand: Command {
        Command(
            "from", summary: "the latest stories of one source", usage: "SOURCE",
            examples: [.init("news from 1", "the latest stories of source 1", answerContains: "Winter Concert")]
        ) { context in
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let name = context.arguments.joined(separator: " ")
            let store = NewsStore(storage: context.storage)
            guard let source = try await store.source(named: name) else { throw unknownSource(name, context) }
            return try await latest(context, source: source)
        }
    }

    private func latest(_ context: CommandContext, source: NewsSource?) async throws -> Reply {
        let stories = try await NewsStore(storage: context.storage).latest(
            limit: settings.latestCount, source: source?.id)
        let words = context.words
        guard !stories.isEmpty else {
            if let source { return Reply(words("{source} has no stories yet.", ["source": source.name])) }
            return Reply(
                words(
                    "No news yet. An admin adds a feed with {command} URL NAME.",
                    ["command": context.typed("news source add")]))
        }
        let formatter = NewsFormatter(school: context.school, words: words)
        return Reply(lines: stories.map(formatter.line) + [readHint(context)])
    }

    /// News's part of `/day`: the three latest headlines; nothing before the first story.
    var headlinesSection: DaySection {
        DaySection("Headlines", order: 40, more: "news") { context, _ in
            let stories = try await NewsStore(storage: context.storage).latest(limit: 3)
            guard !stories.isEmpty else { return nil }
            return stories.map(NewsFormatter(school: context.school, words: context.words).line)
        }
    }

    /// "Read one with /news NUMBER."
    private func readHint(_ context: CommandContext) -> String {
        context.words("Read one with {command} NUMBER.", ["command": context.typed("news")])
    }

    /// "no news source X — /news sources lists them".
    func unknownSource(_ name: String, _ context: CommandContext) -> UserFacingError {
        UserFacingError(
            context.words(
                "no news source \"{name}\" — {command} lists them",
                ["name": name, "command": context.typed("news sources")]))
    }
}
