import Foundation

/// A news feed as Homeroom reads it, whatever its format: RSS 0.9x, 1.0 (RDF) or 2.0, Atom 0.3 or 1.0.
public struct Feed: Sendable, Equatable {
    /// The format the document was read as.
    public enum Format: String, Sendable, Equatable {
        case rss, rdf, atom
    }

    /// The format.
    public var format: Format
    /// The feed's title, as the feed gives it (HTML when the feed declares its title HTML).
    public var title: String?
    /// The address of the site the feed belongs to.
    public var link: String?
    /// The stories, in document order.
    public var items: [FeedItem]
    /// What could not be read and was skipped or repaired ("line 12: mismatched tag"); empty for a clean feed.
    public var warnings: [String]

    public init(format: Format, title: String?, link: String?, items: [FeedItem], warnings: [String]) {
        self.format = format
        self.title = title
        self.link = link
        self.items = items
        self.warnings = warnings
    }
}

/// One story of a feed.
public struct FeedItem: Sendable, Equatable {
    /// The headline (HTML when the feed declares it so).
    public var title: String?
    /// The story's web page, resolved against `xml:base` where the feed gives one.
    public var link: String?
    /// The feed's stable id for the story (RSS `guid`, Atom `id`, RDF `rdf:about`).
    public var guid: String?
    /// When the story was first published (RSS `pubDate`, Atom `published`).
    public var published: Date?
    /// When the story last changed (Atom `updated`, `dc:date`).
    public var updated: Date?
    /// Who wrote it (`Name (email)` when the feed gives both).
    public var author: String?
    /// The summary (RSS `description`, Atom `summary`, else the content).
    public var summary: FeedText?
    /// The full text when the feed carries it (`content:encoded`, Atom `content`).
    public var content: FeedText?
    /// The story's picture: an image enclosure, else `media:content`, else `media:thumbnail`.
    public var image: String?

    public init(
        title: String? = nil, link: String? = nil, guid: String? = nil, published: Date? = nil, updated: Date? = nil,
        author: String? = nil, summary: FeedText? = nil, content: FeedText? = nil, image: String? = nil
    ) {
        self.title = title
        self.link = link
        self.guid = guid
        self.published = published
        self.updated = updated
        self.author = author
        self.summary = summary
        self.content = content
        self.image = image
    }
}

/// A piece of feed text and whether it is HTML or plain text.
public struct FeedText: Sendable, Equatable {
    /// The text as the feed gives it (markup included when `isHTML`).
    public var value: String
    /// True for HTML (RSS descriptions, Atom `type="html"` and `"xhtml"`), false for plain text.
    public var isHTML: Bool

    public init(_ value: String, isHTML: Bool) {
        self.value = value
        self.isHTML = isHTML
    }
}
