/// What an element's tag, class, id and attributes say about whether it is article text.
enum ContentHints {
    /// Elements that are never part of an article's text: navigation, forms, media, widgets.
    static let boilerplateElements: Set<String> = [
        "nav", "aside", "footer", "header", "button", "select", "input", "textarea", "label", "figure",
        "figcaption", "menu", "dialog", "canvas", "video", "audio", "picture", "img", "h1",
    ]

    /// Class or id words that mark navigation, comments, share widgets, captions, banners and
    /// related-story lists.
    private static let unlikely: [String] = [
        "-ad-", "ad-break", "adsbygoogle", "advert", "agegate", "author-bio", "banner", "breadcrumb", "byline",
        "caption",
        "combx", "comment", "community", "consent", "cookie", "credit", "disqus", "dropdown", "footer", "gdpr",
        "header",
        "hidden", "masthead", "menu", "modal", "more-stories", "navbar", "newsletter", "outbrain", "pagination",
        "pager",
        "popup", "promo", "recirc", "recommend", "related", "remark", "replies", "rss", "share", "sharing", "shoutbox",
        "sidebar", "signup", "skyscraper", "social", "sponsor", "subscribe", "supplemental", "taboola", "tags",
        "toolbar", "trending", "widget", "most-popular", "mostpopular", "read-more", "readmore",
    ]

    /// Class or id words that mark the article itself; they override an unlikely word.
    private static let likely: [String] = [
        "article", "body", "content", "entry", "main", "post", "story", "text", "column", "shadow",
    ]

    private static let positiveWeight: [String] = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]

    private static let negativeWeight: [String] = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "gdpr",
        "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
        "skyscraper", "sponsor", "shopping", "tags", "tool", "widget", "caption", "credit", "byline", "author",
    ]

    /// The lowercase class and id of an element, joined.
    static func classAndID(_ node: HTMLTree.Node) -> String {
        ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "")).lowercased()
    }

    /// True when the element is boilerplate by its tag, its visibility or (when `byClass`) its
    /// class and id.
    static func isBoilerplate(_ node: HTMLTree.Node, byClass: Bool) -> Bool {
        guard let name = node.name else { return false }
        if boilerplateElements.contains(name) || BlockTextRenderer.invisibleElements.contains(name) { return true }
        if node.attribute("hidden") != nil || node.attribute("aria-hidden") == "true" { return true }
        if let style = node.attribute("style")?.lowercased().replacingOccurrences(of: " ", with: ""),
            style.contains("display:none") || style.contains("visibility:hidden")
        {
            return true
        }
        if let role = node.attribute("role"),
            ["navigation", "complementary", "banner", "contentinfo", "dialog", "alert"]
                .contains(role)
        {
            return true
        }
        guard byClass, name != "body" && name != "html" && name != "article" && name != "main" else { return false }
        let words = classAndID(node)
        guard words.count > 1 else { return false }
        return unlikely.contains { words.contains($0) } && !likely.contains { words.contains($0) }
    }

    /// The class and id weight: +25 for a word that marks content, -25 for one that marks the rest.
    static func weight(_ node: HTMLTree.Node) -> Double {
        var weight = 0.0
        for value in [node.attribute("class"), node.attribute("id")] {
            guard let value = value?.lowercased(), !value.isEmpty else { continue }
            if negativeWeight.contains(where: value.contains) { weight -= 25 }
            if positiveWeight.contains(where: value.contains) { weight += 25 }
        }
        return weight
    }

    /// Short lines that are furniture wherever they appear.
    static let furnitureLines: Set<String> = [
        "advertisement", "advertisements", "ad", "sponsored", "share", "share this", "share this article", "tweet",
        "read more", "related", "related articles", "continue reading", "skip to content", "comments", "subscribe",
        "share on facebook", "share on twitter", "email", "print", "copy link", "story continues below",
        "story continues below advertisement", "article continues below", "scroll to continue with content",
    ]
}
