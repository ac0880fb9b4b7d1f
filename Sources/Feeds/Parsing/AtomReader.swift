import Foundation

/// Reads Atom 1.0 and 0.3 feeds.
enum AtomReader {
    /// The feed at `root`; `dropped` stories past the cap were counted but not built (see ``StoryCap``).
    static func read(root: FeedNode, dropped: Int) -> Feed {
        let items = ItemScreening(children(of: root, "entry"), dropped: dropped, read: item(from:))
        return Feed(
            format: .atom,
            title: child(of: root, "title").map { text(of: $0).value },
            link: alternateLink(of: root),
            items: items.items,
            warnings: items.warnings)
    }

    static func item(from node: FeedNode) -> FeedItem {
        var item = FeedItem()
        item.title = child(of: node, "title").map { text(of: $0).value }
        item.link = alternateLink(of: node)
        item.guid = child(of: node, "id")?.text.trimmed
        item.published = (child(of: node, "published") ?? child(of: node, "issued")).flatMap {
            FeedDateParser.date(from: $0.text)
        }
        item.updated = (child(of: node, "updated") ?? child(of: node, "modified")).flatMap {
            FeedDateParser.date(from: $0.text)
        }
        // Feed readers keep the last author when a story names several.
        item.author = children(of: node, "author").last.map(person(from:)) ?? node.child("dc:creator")?.text.trimmed
        if item.link == nil, let id = item.guid, id.hasPrefix("http://") || id.hasPrefix("https://") {
            item.link = id
        }
        let content = child(of: node, "content").map(text(of:))
        item.content = content
        item.summary = child(of: node, "summary").map(text(of:)) ?? content
        item.image = FeedImages.image(of: node)
        return item
    }

    /// The first child `name` in the Atom namespace (1.0 or 0.3), or without a namespace.
    static func child(of node: FeedNode, _ name: String) -> FeedNode? {
        node.child("atom:" + name, "atom03:" + name, name)
    }

    /// The keys of a story: `entry` in Atom 1.0, 0.3 or no namespace.
    static let entryKeys: Set<String> = ["atom:entry", "atom03:entry", "entry"]

    static func children(of node: FeedNode, _ name: String) -> [FeedNode] {
        let keys = ["atom:" + name, "atom03:" + name, name]
        return node.children { keys.contains($0) }
    }

    /// The `href` of the first `rel="alternate"` link (or link without `rel`), resolved against `xml:base`.
    static func alternateLink(of node: FeedNode) -> String? {
        let links = children(of: node, "link")
        let alternates = links.filter {
            ($0.attribute("rel") ?? "alternate") == "alternate" && $0.attribute("href") != nil
        }
        let preferred = alternates.first { $0.attribute("type")?.includes("html") ?? true } ?? alternates.first
        guard let link = preferred, let href = link.attribute("href")?.trimmed else { return nil }
        return link.resolve(href)
    }

    /// `Name (email)`, the name alone, or the email alone; empty when it has neither.
    private static func person(from node: FeedNode) -> String {
        let name = child(of: node, "name")?.text.trimmed
        let email = child(of: node, "email")?.text.trimmed
        switch (name, email) {
        case (let name?, let email?): return "\(name) (\(email))"
        case (let name?, nil): return name
        case (nil, let email?): return email
        case (nil, nil): return ""
        }
    }

    /// An Atom text construct: `type="text"` (the default) is plain text, `html` is markup given as
    /// text, `xhtml` is markup given as elements; Atom 0.3's `mode="escaped"`, `"xml"` and `"base64"` too.
    static func text(of node: FeedNode) -> FeedText {
        let type = node.attribute("type")?.lowercased() ?? "text"
        if node.attribute("mode")?.lowercased() == "base64",
            let data = Data(base64Encoded: node.text, options: .ignoreUnknownCharacters)
        {
            return FeedText(String(decoding: data, as: UTF8.self), isHTML: type.includes("html"))
        }
        if type == "xhtml" || type.includes("xhtml+xml") || node.attribute("mode")?.lowercased() == "xml" {
            // The wrapping `div` is kept, as other readers keep it, without its namespace declaration.
            let markup = node.innerMarkup.removing(" xmlns=\"http://www.w3.org/1999/xhtml\"")
            return FeedText(markup.trimmingWhitespaceAndNewlines, isHTML: true)
        }
        return FeedText(node.text, isHTML: type == "html" || type == "text/html" || node.attribute("mode") == "escaped")
    }
}
