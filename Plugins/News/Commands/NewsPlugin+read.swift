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
                return .error(
                    context.words(
                        "Nothing more to show. Read a story with {command} NUMBER.", ["command": context.typed("news")])
                )
            }
            return try await show(story, page: page + 1, context: context)
        }
    }

    @Sendable func read(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        guard context.arguments.count == 1 else { throw context.usageError() }
        guard let id = Int64(context.arguments[0].trimmingCharacters(in: ["#"])) else {
            throw context.usageError(words("\"{text}\" is not a story number", ["text": context.arguments[0]]))
        }
        guard let story = try await NewsStore(storage: context.storage).story(id) else {
            throw UserFacingError(
                words(
                    "there is no story #{number} — {command} lists the latest",
                    ["number": String(id), "command": context.typed("news")]))
        }
        return try await show(story, page: 1, context: context)
    }

    private func show(_ story: NewsStory, page: Int, context: CommandContext) async throws -> Reply {
        let store = NewsStore(storage: context.storage)
        let words = context.words
        // The page is fetched for the first page only: later pages show what that fetch gave.
        let article = try await reader.article(
            of: story, store: store, fetcher: context.fetcher, fetching: page == 1, now: context.now)
        let text = article.text ?? words("(the feed gives no summary)")
        let pages = ArticlePages(text: text, charactersPerPage: settings.pageCharacters).pages
        guard page <= pages.count else {
            return .privately(
                words(
                    "That was the end of #{number}. {command} lists the latest stories.",
                    ["number": String(story.id), "command": context.typed("news")]))
        }
        try await store.setReading(context.caller.person, story: story.id, page: page)
        var lines: [String] = []
        if page == 1 {
            lines.append(NewsFormatter(school: context.school, words: words).heading(story))
            if let why = onlyTheSummary(article, words) { lines.append(why) }
        }
        // The article's paragraphs are its own words, shown as values.
        lines += pages[page - 1].map(words.mark)
        if page < pages.count {
            lines.append(
                words(
                    "(page {page} of {pages} — {command} for the next)",
                    ["page": words.number(page), "pages": words.number(pages.count), "command": context.typed("more")]))
        } else if let link = story.link {
            lines.append(words("(end — {link})", ["link": link]))
        }
        var reply = Reply(lines: lines)
        reply.advances = true
        return reply
    }

    /// "(Only the summary: why.)", and after a failed fetch when the page is tried again; nil for
    /// the article itself.
    private func onlyTheSummary(_ article: ArticleReader.Article, _ words: Words) -> String? {
        switch article.problem {
        case nil: return nil
        case .noWebPage: return words("(Only the summary: the story has no web page.)")
        case .notRead: return words("(Only the summary: the page could not be read.)")
        case .answeredWithoutPage: return words("(Only the summary: the site answered without the page.)")
        case .notAWebPage: return words("(Only the summary: the link is not a web page.)")
        case .noArticleText: return words("(Only the summary: no article text was found on the page.)")
        case .fetchFailed(let problem):
            guard let minutes = article.retryMinutes else {
                return words("(Only the summary: {problem}.)", ["problem": problem])
            }
            if minutes < 90 {
                return words.plural(
                    "(Only the summary: {problem}; the page will be tried again in {count} min.)",
                    "(Only the summary: {problem}; the page will be tried again in {count} min.)", count: minutes,
                    ["problem": problem])
            }
            return words.plural(
                "(Only the summary: {problem}; the page will be tried again in {count} h.)",
                "(Only the summary: {problem}; the page will be tried again in {count} h.)",
                count: (minutes + 59) / 60, ["problem": problem])
        }
    }
}
