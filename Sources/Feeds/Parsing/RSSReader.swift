/// Reads RSS 0.9x and 2.0 (`<rss><channel>`) and RSS 0.90 and 1.0 (`<rdf:RDF>`, items beside the channel).
enum RSSReader {
    /// The feed at `root`; `dropped` stories past the cap were counted but not built (see ``StoryCap``).
    static func read(root: FeedNode, format: Feed.Format, dropped: Int) -> Feed {
        let channel = root.child("channel")
        let stories = (channel?.children("item") ?? []) + root.children("item")
        let items = ItemScreening(stories, dropped: dropped, read: item(from:))
        return Feed(
            format: format,
            title: channel?.child("title", "dc:title")?.text,
            link: channel.flatMap(link(of:)),
            items: items.items,
            warnings: items.warnings)
    }

    static func item(from node: FeedNode) -> FeedItem {
        var item = FeedItem()
        item.title = node.child("title", "dc:title")?.text
        let guid = node.child("guid")
        item.guid = guid?.text.trimmed ?? node.attribute("rdf:about")
        item.link = link(of: node)
        if item.link == nil, let guid, guid.attribute("isPermaLink")?.lowercased() != "false",
            let value = item.guid, value.hasPrefix("http://") || value.hasPrefix("https://")
        {
            item.link = value
        }
        item.published = node.child("pubDate", "dcterms:issued").flatMap { FeedDateParser.date(from: $0.text) }
        item.updated = node.child("dc:date", "dcterms:modified", "atom:updated").flatMap {
            FeedDateParser.date(from: $0.text)
        }
        // Feed readers keep the last author element when a story names several.
        item.author =
            node.children.last { ["author", "dc:creator", "dc:author", "itunes:author"].contains($0.key) }?
            .text.trimmed
        let content =
            node.child("content:encoded").map { FeedText($0.text, isHTML: true) }
            ?? node.child("xhtml:body").map { FeedText($0.innerMarkup, isHTML: true) }
        item.content = content
        item.summary =
            node.child("description", "dc:description").map { FeedText($0.text, isHTML: true) } ?? content
            ?? node.child("itunes:summary").map { FeedText($0.text, isHTML: false) }
        item.image = FeedImages.image(of: node)
        return item
    }

    /// `<link>`'s text, else an Atom alternate link, resolved against `xml:base`.
    private static func link(of node: FeedNode) -> String? {
        if let link = node.child("link"), let text = link.text.trimmed, !text.isEmpty {
            return link.resolve(text)
        }
        return AtomReader.alternateLink(of: node)
    }
}
