import Foundation
import HTMLText
import HomeroomCore

/// The text of a story: stored once fetched; otherwise the story's page is fetched (with a
/// deadline and a size cap), its article extracted and stored. When the page cannot be had —
/// the site is down, it is not a web page, it is too large — the feed's summary stands in and
/// the reader is told why; the page is not asked for again until its backoff has passed.
struct ArticleReader: Sendable {
    let limits: FetchLimits
    /// Stories whose page failed lately, and when to try again.
    let backoff = ArticleBackoff()

    /// Why only the summary is shown; the reader is told it in their language.
    enum Problem: Sendable, Equatable {
        /// The story has no web address.
        case noWebPage
        /// A later page of `/more`, whose web page was not had at the first.
        case notRead
        /// The site answered "not modified" instead of sending the page.
        case answeredWithoutPage
        /// The link is a PDF, an image, anything but a web page.
        case notAWebPage
        /// The page held no article text longer than the summary.
        case noArticleText
        /// The fetch failed: its short reason for chat (``FetchError/message``).
        case fetchFailed(String)
    }

    /// The text to show and, when it is only the summary, why.
    struct Article: Sendable, Equatable {
        /// The article or its summary; nil when the feed gives no summary either.
        var text: String?
        /// Why it is only the summary; nil for the article.
        var problem: Problem?
        /// The minutes until the page is fetched again, after a failed fetch.
        var retryMinutes: Int?
    }

    /// The story's text at `now`; without `fetching` (the later pages of `/more`) a missing page
    /// is not asked for again and the summary stands in at once.
    func article(of story: NewsStory, store: NewsStore, fetcher: any HTTPFetching, fetching: Bool, now: Date)
        async throws -> Article
    {
        if let body = story.body { return Article(text: body) }
        let fallback = story.summary.isEmpty ? nil : story.summary
        guard let link = story.link, let url = URL(string: link), url.isWebAddress,
            let source = URL(string: story.sourceURL)
        else {
            return Article(text: fallback, problem: .noWebPage)
        }
        guard fetching else { return Article(text: fallback, problem: .notRead) }
        if let failure = backoff.waiting(story.id, at: now) {
            return Self.summary(fallback, failure, now: now)
        }
        let problem: Problem
        var fetchFailed = false
        do {
            // The link was found in the feed: the fetch settings open nothing off the feed's own host.
            switch try await fetcher.fetch(limits.request(for: url, provenance: .linked(from: source))) {
            case .notModified:
                problem = .answeredWithoutPage
            case .fetched(let body, _, _):
                if !Self.looksLikeHTML(body) {
                    problem = .notAWebPage
                } else {
                    let text = ArticleExtractor.extract(fromPage: body)
                    if text.count >= 200 || text.count > story.summary.count {
                        try await store.storeBody(text, of: story)
                        backoff.recordSuccess(of: story.id)
                        return Article(text: text)
                    }
                    problem = .noArticleText
                }
            }
        } catch let error as FetchError {
            problem = .fetchFailed(error.message)
            // An address the settings refuse stays refused: the reader is not told to wait for it.
            fetchFailed = error.reason != .forbiddenAddress
        }
        let failure = backoff.recordFailure(of: story.id, problem: problem, fetchFailed: fetchFailed, at: now)
        return Self.summary(fallback, failure, now: now)
    }

    /// The summary in place of the article after `failure`: why, and for a failed fetch, in how
    /// many minutes it is tried again.
    private static func summary(_ text: String?, _ failure: ArticleBackoff.Failure, now: Date) -> Article {
        Article(
            text: text, problem: failure.problem,
            retryMinutes: failure.fetchFailed
                ? ArticleBackoff.remainingMinutes(until: failure.retryAt, from: now) : nil)
    }

    /// True when the first kilobyte reads as markup: text with a tag, not a PDF or an image.
    static func looksLikeHTML(_ body: [UInt8]) -> Bool {
        let head = body.prefix(1024)
        guard !head.contains(0), !head.starts(with: Array("%PDF".utf8)) else { return false }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        return text.contains("<html") || text.contains("<!doctype html") || text.contains("<body")
            || text.contains("<p") || text.contains("<div") || text.contains("<head")
    }
}
