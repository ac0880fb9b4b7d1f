import Feeds
import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// The feed corpus (`../shared/corpora/feeds`, 2,009 feeds): each feed through the code of
/// `homeroom inspect feed`, compared field by field with feedparser's output.
///
/// Where Homeroom knowingly differs (see the README, "Feeds and articles"): feedparser's HTML
/// sanitizer rewrites titles (drops `<script>`, event attributes) and resolves links inside
/// HTML; encodings it guesses with chardet when a feed declares none; CDF feeds; empty and
/// non-feed documents, which Homeroom refuses with an error instead of an empty feed; a story
/// link invented from a guid that is not a URL.
@Suite struct FeedCorpusTests {
    struct Expected: Decodable {
        struct Channel: Decodable {
            let title: String?
            let link: String?
        }
        struct Item: Decodable {
            let title, link, guid, published, updated, author, summary_text, image: String?
        }
        let item_id: String
        let feed: Channel
        let items: [Item]
    }

    static let fields = ["title", "link", "guid", "published", "updated", "author", "summary_text", "image"]

    static func values(_ item: FeedInspection.Item) -> [String?] {
        [item.title, item.link, item.guid, item.published, item.updated, item.author, item.summary_text, item.image]
    }

    static func values(_ item: Expected.Item) -> [String?] {
        [item.title, item.link, item.guid, item.published, item.updated, item.author, item.summary_text, item.image]
    }

    static func expectations(under folder: String) throws -> [Expected] {
        let root = Corpus.root.appendingPathComponent("feeds/expected/\(folder)")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
        return try files.map { try JSONDecoder().decode(Expected.self, from: Data(contentsOf: $0)) }
    }

    static func inspect(_ expected: Expected) throws -> FeedInspection? {
        let data = try Data(contentsOf: Corpus.root.appendingPathComponent("feeds/\(expected.item_id)"))
        return (try? Feed(parsing: Array(data))).map(FeedInspection.init)
    }

    @Test(.enabled(if: Corpus.isAvailable, "the shared corpora are not beside this package"))
    func fieldByFieldAgreementWithTheReference() throws {
        var matches: [String: Int] = [:]
        var totals: [String: Int] = [:]
        for expected in try Self.expectations(under: "") {
            let got = try Self.inspect(expected)
            totals["feed.title", default: 0] += 1
            totals["feed.link", default: 0] += 1
            if got?.feed.title == expected.feed.title { matches["feed.title", default: 0] += 1 }
            if got?.feed.link == expected.feed.link { matches["feed.link", default: 0] += 1 }
            for (index, item) in expected.items.enumerated() {
                let values = got.flatMap { index < $0.items.count ? Self.values($0.items[index]) : nil }
                for (field, value) in zip(Self.fields, Self.values(item)) {
                    totals[field, default: 0] += 1
                    if let values, values[Self.fields.firstIndex(of: field)!] == value {
                        matches[field, default: 0] += 1
                    }
                }
            }
        }
        #expect(totals["feed.title"] == 2009)
        let overall = Double(matches.values.reduce(0, +)) / Double(totals.values.reduce(0, +))
        #expect(overall >= 0.975, "overall field accuracy \(overall)")
        for (field, total) in totals {
            let rate = Double(matches[field] ?? 0) / Double(total)
            #expect(rate >= 0.92, "\(field): \(matches[field] ?? 0)/\(total)")
        }
    }

    /// The project's own school feeds (WordPress, Blogger, Finalsite, an ISO-8859-1 RDF) agree in every field.
    @Test(.enabled(if: Corpus.isAvailable, "the shared corpora are not beside this package"))
    func schoolFeedsAgreeExactly() throws {
        let schools = try Self.expectations(under: "school")
        #expect(schools.count == 4)
        for expected in schools {
            let got = try #require(try Self.inspect(expected), "\(expected.item_id) did not parse")
            #expect(got.feed.title == expected.feed.title && got.feed.link == expected.feed.link, "\(expected.item_id)")
            #expect(got.items.count == expected.items.count, "\(expected.item_id)")
            for (mine, theirs) in zip(got.items, expected.items) {
                #expect(Self.values(mine) == Self.values(theirs), "\(expected.item_id)")
            }
        }
    }
}
