import Feeds
import HTMLText

/// libFuzzer entry: a feed document as the news poller reads it. Parsed, then every item's title,
/// summary and content turned into plain text the way a story is saved, and the feed inspected.
@_cdecl("LLVMFuzzerTestOneInput")
func feedsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let feed = try? Feed(parsing: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    for item in feed.items {
        if let title = item.title { _ = HTMLTree(parsing: title).flatText }
        for text in [item.summary, item.content].compactMap({ $0 }) where text.isHTML {
            _ = plainText(fromHTML: text.value)
        }
    }
    _ = FeedInspection(feed)
    return 0
}
