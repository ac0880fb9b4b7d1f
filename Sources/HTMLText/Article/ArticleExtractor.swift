import Foundation

/// Finds the article in a news or blog page and returns its text: the paragraphs of the story,
/// without the navigation, captions, share buttons, comments, cookie banners and related-story
/// lists around it.
///
/// A page that carries the text itself in JSON-LD (`articleBody` of an `Article`, `NewsArticle`,
/// `BlogPosting` …) is trusted. Otherwise blocks of text are scored the way readability scores
/// them: paragraphs with commas and length add to their ancestors, class and id words such as
/// `article-body` or `comments` push a container up or down, link-heavy containers are discounted,
/// and the best container is taken with the siblings that look like it.
public enum ArticleExtractor {
    /// The article's text as paragraphs separated by blank lines, at most
    /// ``HTMLLimits/maximumArticleCharacters``; empty when the page has no text.
    public static func extract(from tree: HTMLTree) -> String {
        limited(unlimitedText(in: tree))
    }

    private static func unlimitedText(in tree: HTMLTree) -> String {
        guard let body = linkedDataBody(in: tree) else { return readableText(in: tree) }
        // A body cut off with an ellipsis is a teaser: the page's own text is the story then.
        guard body.hasSuffix("…") || body.hasSuffix("...") else { return body }
        let scored = readableText(in: tree)
        return scored.count >= 200 || scored.count > body.count ? scored : body
    }

    /// `text` cut to ``HTMLLimits/maximumArticleCharacters`` at a paragraph break.
    static func limited(_ text: String) -> String {
        guard
            let end = text.index(
                text.startIndex, offsetBy: HTMLLimits.maximumArticleCharacters, limitedBy: text.endIndex),
            end < text.endIndex
        else { return text }
        let cut = text[..<end].range(of: "\n\n", options: .backwards)?.lowerBound ?? end
        return String(text[..<cut])
    }

    /// The article's text from a page's bytes.
    public static func extract(fromPage bytes: some Collection<UInt8>) -> String {
        extract(from: HTMLTree(parsing: bytes))
    }

    static let articleTypes: Set<String> = [
        "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "TechArticle", "AnalysisNewsArticle",
        "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "BackgroundNewsArticle", "LiveBlogPosting",
        "SocialMediaPosting", "WebPage",
    ]

    /// The longest `articleBody` in the page's JSON-LD, when it is long enough to be the whole story
    /// rather than a teaser.
    static func linkedDataBody(in tree: HTMLTree) -> String? {
        let bodies = tree.linkedData.flatMap { $0.objects(ofType: articleTypes) }
            .compactMap { $0["articleBody"]?.string }
        guard let longest = bodies.max(by: { $0.count < $1.count }), longest.count >= 500 else { return nil }
        let text = longest.contains("<") || longest.contains("&") ? plainText(fromHTML: longest) : longest
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }

    /// Shorter than this, a result of the strict pass is taken for a miss and the lenient pass runs.
    static let expectedLength = 500

    /// The scored text: first leaving out containers whose class or id sounds like boilerplate,
    /// then, when that finds too little (the page's wrapper was called `site-header-wrap`), without
    /// that rule; the longer result wins.
    static func readableText(in tree: HTMLTree) -> String {
        let strict = readableText(in: tree, strict: true)
        guard strict.count < expectedLength else { return strict }
        let lenient = readableText(in: tree, strict: false)
        return lenient.count > strict.count ? lenient : strict
    }

    static func readableText(in tree: HTMLTree, strict: Bool) -> String {
        let statistics = NodeStatistics(tree, strict: strict)
        var scoring = CandidateScoring(tree: tree, statistics: statistics)
        guard let content = scoring.contentNodes() else { return "" }
        let pruning = ContentPruning(tree: tree, statistics: statistics, scores: scoring.scores)
        let text = BlockTextRenderer.render(content, in: tree) { pruning.shouldDrop($0) }
        return text.components(separatedBy: "\n\n")
            .filter {
                !ContentHints.furnitureLines.contains($0.lowercased().trimmingCharacters(in: .punctuationCharacters))
            }
            .joined(separator: "\n\n")
    }
}
