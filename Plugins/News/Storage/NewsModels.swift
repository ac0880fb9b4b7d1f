import Foundation

/// A feed admins added.
struct NewsSource: Sendable, Equatable {
    var id: Int64
    var url: String
    var name: String
    var etag: String?
    var lastModified: String?
    /// Why the last fetch failed; nil while it works.
    var lastError: String?
}

/// A story from a source.
struct NewsStory: Sendable, Equatable {
    var id: Int64
    var sourceID: Int64
    var sourceName: String
    /// The address of its source's feed, where its link was found.
    var sourceURL: String
    var title: String
    var link: String?
    var author: String?
    /// When it was published (or first seen, when the feed gives no date).
    var publishedAt: Date
    /// The feed's summary as plain text.
    var summary: String
    /// The article's text, once fetched (or the feed's full content).
    var body: String?
}

/// A story as a feed poll found it, before it has an id.
struct IncomingStory: Sendable, Equatable {
    var key: String
    var title: String
    var link: String?
    var author: String?
    var publishedAt: Date
    var summary: String
    var body: String?
}
