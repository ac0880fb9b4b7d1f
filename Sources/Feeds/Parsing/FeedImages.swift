/// The picture of a story: the first image enclosure, else the first `media:content` that is an
/// image, else the first `media:thumbnail`. At most ``FeedLimits/maximumImageCandidates`` elements
/// of each kind are looked at.
enum FeedImages {
    static func image(of node: FeedNode) -> String? {
        let limit = FeedLimits.maximumImageCandidates
        let enclosures = node.children.lazy.filter { $0.key == "enclosure" || $0.key.hasSuffix("link") }.prefix(limit)
        for child in enclosures {
            let key = child.key
            if key == "enclosure", child.attribute("type")?.lowercased().hasPrefix("image/") == true,
                let url = child.attribute("url")?.trimmed
            {
                return child.resolve(url)
            }
            if key.hasSuffix("link"), child.attribute("rel") == "enclosure",
                child.attribute("type")?.lowercased().hasPrefix("image/") == true,
                let href = child.attribute("href")?.trimmed
            {
                return child.resolve(href)
            }
        }
        let groups = node.children("media:group").prefix(limit)
        let media = (node.children("media:content") + groups.flatMap { $0.children("media:content") }).prefix(limit)
        for content in media
        where content.attribute("medium") == "image"
            || content.attribute("type")?.lowercased().hasPrefix("image/") == true
        {
            if let url = content.attribute("url")?.trimmed { return content.resolve(url) }
        }
        let thumbnails =
            node.children("media:thumbnail") + media.flatMap { $0.children("media:thumbnail") }
            + groups.flatMap { $0.children("media:thumbnail") }
        return thumbnails.prefix(limit).lazy.compactMap { $0.attribute("url")?.trimmed }.first
    }
}
