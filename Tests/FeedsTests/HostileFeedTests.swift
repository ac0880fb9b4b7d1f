import Feeds
import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Feeds written to hurt the reader: entity bombs, external entities, deep nesting, floods of
/// stories and attributes, fields and numbers out of range. Each is read, or refused with a
/// reason, in well under the time limit, and what can be served is served.
@Suite(.timeLimit(.minutes(1))) struct HostileFeedTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/feeds/\(name)")))
    }

    /// Every piece of text the feed yields, to look for what must not be there.
    static func allText(_ feed: Feed) -> String {
        ([feed.title, feed.link]
            + feed.items.flatMap { item in
                [item.title, item.link, item.guid, item.author, item.summary?.value, item.content?.value, item.image]
            }).compactMap { $0 }.joined(separator: "\n")
    }

    static let declaredEntitiesWarning = "the document declares entities of its own; they are not expanded"

    @Test func billionLaughsIsNotExpandedInTextOrInAttributes() throws {
        let inText = try Feed(parsing: Self.fixture("billion-laughs.xml"))
        #expect(inText.items.map(\.link) == ["https://example.org/1", "https://example.org/2"])
        let title = try #require(inText.items.first?.title).trimmingCharacters(in: .whitespaces)
        // The reference is dropped or kept by name, never replaced by what the document declares.
        #expect(title == "First" || title == "First &lol9;")
        #expect(!Self.allText(inText).contains("lollol"))
        #expect(inText.warnings.contains(Self.declaredEntitiesWarning))

        let inAttribute = try Feed(parsing: Self.fixture("billion-laughs-attribute.xml"))
        #expect(inAttribute.items.count == 2)
        let image = try #require(inAttribute.items.first?.image)
        #expect(image.hasPrefix("https://example.org/") && image.utf8.count < 100)
        #expect(!Self.allText(inAttribute).contains("lollol"))
    }

    @Test func oneLargeEntityReferencedThousandsOfTimesIsNotExpanded() throws {
        let large = String(repeating: "x", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        let feed = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [<!ENTITY big "\(large)">]>
            <rss version="2.0"><channel><title>Blowup</title>
            <item><title>In text \(references)</title><guid>text</guid></item>
            <item><title>In an attribute</title><guid>attribute</guid><enclosure type="image/png" url="\(references)"/></item>
            <item><title>Plain</title><guid>plain</guid></item>
            </channel></rss>
            """
        let read = try Feed(parsing: Array(feed.utf8))
        #expect(read.items.map(\.guid) == ["text", "attribute", "plain"])
        #expect(Self.allText(read).utf8.count < 200_000)
        #expect(!Self.allText(read).contains(String(repeating: "x", count: 1_000)))
        #expect(read.warnings.contains(Self.declaredEntitiesWarning))
    }

    @Test(arguments: ["external-entity-file.xml", "external-entity-network.xml"])
    func externalEntitiesAndDTDsAreNeverLoaded(fixture: String) throws {
        let feed = try Feed(parsing: Self.fixture(fixture))
        #expect(feed.items.count == 2)
        let text = Self.allText(feed)
        #expect(!text.contains("root:"))
        #expect(feed.items.last?.title == "Two")
        let first = try #require(feed.items.first?.title)
        #expect(first.hasPrefix("One"))
        #expect(first.utf8.count < 20)
        #expect(feed.warnings.contains(Self.declaredEntitiesWarning))
    }

    @Test func deeplyNestedElementsEndTheReadingWithoutOverflowingTheStack() throws {
        let depth = 100_000
        let nested = String(repeating: "<b>", count: depth) + "deep" + String(repeating: "</b>", count: depth)
        let rss = """
            <rss version="2.0"><channel><title>Deep</title>
            <item><title>Before</title><guid>before</guid></item>
            <item><title>Deep</title><guid>deep</guid><description>\(nested)</description></item>
            <item><title>After</title><guid>after</guid></item>
            </channel></rss>
            """
        let feed = try Feed(parsing: Array(rss.utf8))
        #expect(feed.items.first?.title == "Before")
        #expect(feed.warnings.contains { $0.contains("nested more than 256 deep") })

        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Deep</title>
            <entry><title>Before</title><id>before</id></entry>
            <entry><title>Deep</title><id>deep</id><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">\(nested)</div></content></entry>
            </feed>
            """
        let deepAtom = try Feed(parsing: Array(atom.utf8))
        #expect(deepAtom.items.first?.title == "Before")
        #expect(deepAtom.items.count == 2)
    }

    @Test func aFeedKeepsItsFirstThousandStories() throws {
        let items = (1...1_500).map { "<item><title>Story \($0)</title><guid>\($0)</guid></item>" }.joined()
        let feed = try Feed(parsing: Array("<rss><channel><title>Many</title>\(items)</channel></rss>".utf8))
        #expect(feed.items.count == FeedLimits.maximumItems)
        #expect(feed.items.last?.guid == "1000")
        #expect(feed.warnings.contains("the feed has 1500 stories; the first 1000 were read, the rest dropped"))
    }

    /// The stories past the cap are counted, not built; what follows them is still read.
    @Test func storiesPastTheCapAreCountedAndWhatFollowsThemIsRead() throws {
        let items = (1...1_200).map { "<item><title>Story \($0)</title><guid>\($0)</guid></item>" }.joined()
        let beside = (1...5).map { "<item><title>Beside \($0)</title><guid>beside-\($0)</guid></item>" }.joined()
        let rss = "<rss><channel><title>Flood</title>\(items)<link>https://example.org/late</link></channel>\(beside)</rss>"
        let feed = try Feed(parsing: Array(rss.utf8))
        #expect(feed.link == "https://example.org/late")
        #expect(feed.items.count == FeedLimits.maximumItems)
        #expect(feed.items.last?.guid == "1000")
        #expect(feed.warnings == ["the feed has 1205 stories; the first 1000 were read, the rest dropped"])

        let entries = (1...1_100).map { "<entry><title>Entry \($0)</title><id>\($0)</id></entry>" }.joined()
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Entries</title>\(entries)<link href="https://example.org/"/></feed>
            """
        let read = try Feed(parsing: Array(atom.utf8))
        #expect(read.link == "https://example.org/")
        #expect(read.items.map(\.guid).suffix(1) == ["1000"])
        #expect(read.warnings == ["the feed has 1100 stories; the first 1000 were read, the rest dropped"])
    }

    /// A start tag libxml2 cannot finish inside a story past the cap ends that element without a
    /// closing tag; the parse goes on as it would have with the story built.
    @Test func aBrokenTagInAStoryPastTheCapIsRecoveredAsBefore() throws {
        let items = (1...1_300).map {
            "<item><title>Story \($0)</title><guid>\($0)</guid>"
                + ($0 == 1_100 ? "<description x=\"1\"<b>broken</b></description>" : "") + "</item>\n"
        }.joined()
        let feed = try Feed(parsing: Array("<rss><channel><title>Flood</title>\(items)</channel></rss>".utf8))
        #expect(feed.title == "Flood")
        #expect(feed.items.count == FeedLimits.maximumItems)
        #expect(feed.warnings.contains("line 1100: Couldn't find end of Start Tag description line 1100"))
        #expect(feed.warnings.last == "the feed has 1300 stories; the first 1000 were read, the rest dropped")
    }

    @Test func aStoryWithAnOverlongFieldIsSkippedAndTheRestServed() throws {
        let longTitle = String(repeating: "Title ", count: 20_000)
        let longSummary = String(repeating: "é", count: 600_000)
        let rss = """
            <rss><channel><title>Fields</title>
            <item><title>One</title><guid>one</guid></item>
            <item><title>\(longTitle)</title><guid>two</guid></item>
            <item><title>Three</title><guid>three</guid><description>\(longSummary)</description></item>
            </channel></rss>
            """
        let feed = try Feed(parsing: Array(rss.utf8))
        #expect(feed.items.map(\.guid) == ["one", "three"])
        #expect(feed.warnings.contains("story 2 (\"two\") skipped: its title is longer than 8192 bytes"))
        #expect(feed.warnings.contains("story 3 (\"three\"): its summary was cut to 1048576 bytes"))
        let summary = try #require(feed.items.last?.summary?.value)
        #expect(summary.utf8.count == FeedLimits.maximumTextBytes)
        #expect(summary.allSatisfy { $0 == "é" })
    }

    @Test func aTagWithThousandsOfAttributesEndsTheReadingThere() throws {
        let attributes = (0..<100_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let rss = """
            <rss><channel><title>Crowded</title>
            <item><title>One</title><guid>one</guid></item>
            <item><title>Two</title><guid>two</guid></item>
            <item><title>Three</title><guid>three</guid><enclosure \(attributes)/></item>
            </channel></rss>
            """
        let feed = try Feed(parsing: Array(rss.utf8))
        #expect(feed.items.prefix(2).map(\.guid) == ["one", "two"])
        #expect(feed.warnings.contains("line 4: a tag with more than 256 attributes; the document was read up to it"))
    }

    /// Found by the feeds fuzz target (`Tests/Fixtures/hostile/fuzz/Feeds/leak-comment-only-document`):
    /// a document with a comment and no root element was refused without freeing it (the leak
    /// shows under `Scripts/test --sanitize address`).
    @Test func aDocumentWithoutARootElementIsRefused() throws {
        let bytes = Array(
            try Data(
                contentsOf: Corpus.packageRoot.appendingPathComponent(
                    "Tests/Fixtures/hostile/fuzz/Feeds/leak-comment-only-document")))
        let error = #expect(throws: FeedError.self) { try Feed(parsing: bytes) }
        #expect(error?.description.hasPrefix("the document is not XML") == true, "\(String(describing: error))")
    }

    @Test func aDocumentLargerThanTheCapIsRefused() {
        let padding = String(repeating: " ", count: FeedLimits.maximumDocumentBytes)
        let rss = "<rss><channel><title>Large</title>\(padding)</channel></rss>"
        #expect(throws: FeedError.self) { try Feed(parsing: Array(rss.utf8)) }
    }

    @Test func datesWithNumbersOutOfRangeAreLeftOutAndTheStoriesKept() throws {
        let feed = try Feed(parsing: Self.fixture("out-of-range-dates.xml"))
        #expect(feed.items.map(\.guid) == ["far", "odd", "iso", "huge", "fine"])
        #expect(feed.items.prefix(4).allSatisfy { $0.published == nil })
        #expect(feed.items.last?.published == Date(timeIntervalSince1970: 1_704_099_600))
    }
}
