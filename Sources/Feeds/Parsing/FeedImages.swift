/// The picture of a story: the first image enclosure, else the first `media:content` that is an
/// image, else the first `media:thumbnail`.
enum FeedImages {
    static func image(of node: FeedNode) -> String? {
        for child in node.children {
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
        let media =
            node.children("media:content") + node.children("media:group").flatMap { $0.children("media:content") }
        for content in media
        where content.attribute("medium") == "image"
            || content.attribute("type")?.lowercased().hasPrefix("image/") == true
        {
            if let url = content.attribute("url")?.trimmed { return content.resolve(url) }
        }
        let thumbnails =
            node.children("media:thumbnail") + media.flatMap { $0.children("media:thumbnail") }
            + node.children("media:group").flatMap { $0.children("media:thumbnail") }
        return thumbnails.lazy.compactMap { $0.attribute("url")?.trimmed }.first
    }
}
