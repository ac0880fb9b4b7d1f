import Foundation
import HTMLText

/// The `FEED_CMD` contract of the shared corpora: what `homeroom inspect feed` prints, and what the
/// differential tests compare with feedparser's output.
public struct FeedInspection: Encodable, Sendable, Equatable {
    /// The feed's title and link.
    public struct Channel: Encodable, Sendable, Equatable {
        public var title: String?
        public var link: String?

        private enum CodingKeys: String, CodingKey { case title, link }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(link, forKey: .link)
        }
    }

    /// One story.
    public struct Item: Encodable, Sendable, Equatable {
        public var title: String?
        public var link: String?
        public var guid: String?
        public var published: String?
        public var updated: String?
        public var author: String?
        public var summary_text: String?
        public var image: String?

        private enum CodingKeys: String, CodingKey {
            case title, link, guid, published, updated, author, summary_text, image
        }

        // Every key is written, `null` when missing, as the contract asks.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(link, forKey: .link)
            try container.encode(guid, forKey: .guid)
            try container.encode(published, forKey: .published)
            try container.encode(updated, forKey: .updated)
            try container.encode(author, forKey: .author)
            try container.encode(summary_text, forKey: .summary_text)
            try container.encode(image, forKey: .image)
        }
    }

    public var feed: Channel
    public var items: [Item]

    /// The record of `feed`.
    public init(_ feed: Feed) {
        self.feed = Channel(title: feed.title, link: feed.link)
        items = feed.items.map { item in
            Item(
                title: item.title, link: item.link, guid: item.guid, published: item.published.map(Self.stamp),
                updated: item.updated.map(Self.stamp), author: item.author,
                summary_text: item.summary.map(Self.plain), image: item.image)
        }
    }

    /// A summary as one line of text: HTML parsed and its text taken, whitespace collapsed.
    static func plain(_ text: FeedText) -> String {
        text.isHTML
            ? HTMLTree(parsing: text.value).flatText
            : text.value.collapsingWhitespace
    }

    private static func stamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + "Z"
    }
}
