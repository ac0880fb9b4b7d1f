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

    /// The text to show and, when it is only the summary, why.
    struct Article: Sendable, Equatable {
        var text: String
        var problem: String?
    }

    /// The story's text at `now`; without `fetching` (the later pages of `/more`) a missing page
    /// is not asked for again and the summary stands in at once.
    func article(of story: NewsStory, store: NewsStore, fetcher: any HTTPFetching, fetching: Bool, now: Date)
        async throws -> Article
    {
        if let body = story.body { return Article(text: body, problem: nil) }
        let fallback = story.summary.isEmpty ? "(the feed gives no summary)" : story.summary
        guard let link = story.link, let url = URL(string: link), url.isWebAddress,
            let source = URL(string: story.sourceURL)
        else {
            return Article(text: fallback, problem: "the story has no web page")
        }
        guard fetching else { return Article(text: fallback, problem: "the page could not be read") }
        if let failure = backoff.waiting(story.id, at: now) {
            return Article(text: fallback, problem: Self.explain(failure, now: now))
        }
        let problem: String
        var fetchFailed = false
        do {
            // The link was found in the feed: the fetch settings open nothing off the feed's own host.
            switch try await fetcher.fetch(limits.request(for: url, provenance: .linked(from: source))) {
            case .notModified:
                problem = "the site answered without the page"
            case .fetched(let body, _, _):
                if !Self.looksLikeHTML(body) {
                    problem = "the link is not a web page"
                } else {
                    let text = ArticleExtractor.extract(fromPage: body)
                    if text.count >= 200 || text.count > story.summary.count {
                        try await store.storeBody(text, of: story)
                        backoff.recordSuccess(of: story.id)
                        return Article(text: text, problem: nil)
                    }
                    problem = "no article text was found on the page"
                }
            }
        } catch let error as FetchError {
            problem = error.message
            // An address the settings refuse stays refused: the reader is not told to wait for it.
            fetchFailed = error.reason != .forbiddenAddress
        }
        let failure = backoff.recordFailure(of: story.id, problem: problem, fetchFailed: fetchFailed, at: now)
        return Article(text: fallback, problem: Self.explain(failure, now: now))
    }

    /// What the reader is told of a failure: why, and for a failed fetch, when it is tried again.
    private static func explain(_ failure: ArticleBackoff.Failure, now: Date) -> String {
        guard failure.fetchFailed else { return failure.problem }
        let wait = ArticleBackoff.remaining(until: failure.retryAt, from: now)
        return "\(failure.problem); the page will be tried again in \(wait)"
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
