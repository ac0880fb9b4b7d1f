import Foundation
import HomeroomCore

extension NewsPlugin {
    var readCommand: Command {
        Command(
            "read", summary: "a story's article text, a page at a time", usage: "NUMBER",
            examples: [.init("news read 1", "story 1's text", answerContains: "Paragraph 1 of the concert story")],
            handler: read)
    }

    var moreCommand: Command {
        Command(
            "more", summary: "the next page of the article you are reading",
            examples: [.init("more", "the next page", answerContains: "page 2 of")]
        ) { context in
            let store = NewsStore(storage: context.storage)
            guard let (storyID, page) = try await store.reading(context.caller.person),
                let story = try await store.story(storyID)
            else {
                return .error("Nothing more to show. Read a story with \(context.typed("news NUMBER")).")
            }
            return try await show(story, page: page + 1, context: context)
        }
    }

    @Sendable func read(_ context: CommandContext) async throws -> Reply {
        guard context.arguments.count == 1 else { throw context.usageError() }
        guard let id = Int64(context.arguments[0].trimmingCharacters(in: ["#"])) else {
            throw context.usageError("\"\(context.arguments[0])\" is not a story number")
        }
        guard let story = try await NewsStore(storage: context.storage).story(id) else {
            throw UserFacingError("there is no story #\(id) — \(context.typed("news")) lists the latest")
        }
        return try await show(story, page: 1, context: context)
    }

    private func show(_ story: NewsStory, page: Int, context: CommandContext) async throws -> Reply {
        let store = NewsStore(storage: context.storage)
        // The page is fetched for the first page only: later pages show what that fetch gave.
        let article = try await reader.article(
            of: story, store: store, fetcher: context.fetcher, fetching: page == 1, now: context.now)
        let pages = ArticlePages(text: article.text, charactersPerPage: settings.pageCharacters).pages
        guard page <= pages.count else {
            return .privately("That was the end of #\(story.id). \(context.typed("news")) lists the latest stories.")
        }
        try await store.setReading(context.caller.person, story: story.id, page: page)
        let formatter = NewsFormatter(school: context.school)
        var lines: [String] = []
        if page == 1 {
            lines.append("#\(story.id) \(story.title) — \(story.sourceName), \(formatter.day(story.publishedAt))")
            if let problem = article.problem { lines.append("(Only the summary: \(problem).)") }
        }
        lines += pages[page - 1]
        if page < pages.count {
            lines.append("(page \(page) of \(pages.count) — \(context.typed("more")) for the next)")
        } else if let link = story.link {
            lines.append("(end — \(link))")
        }
        var reply = Reply(lines: lines)
        reply.advances = true
        return reply
    }
}
