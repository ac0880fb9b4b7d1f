import Feeds
import Foundation
import Testing

@Suite struct FeedParsingTests {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
        <channel xml:base="https://lincolnhigh.example.org/news/">
        <title>Lincoln&nbsp;News</title><link>https://lincolnhigh.example.org</link>
        <item>
          <title><![CDATA[Band & Choir]]></title><link>concert.html</link>
          <guid isPermaLink="false">post-1</guid>
          <pubDate>Tue, 03 Nov 2025 08:30:00 PST</pubDate>
          <description>&lt;p&gt;Tickets &lt;b&gt;on sale&lt;/b&gt;&lt;/p&gt;</description>
          <content:encoded><![CDATA[<p>Full text</p>]]></content:encoded>
          <media:thumbnail url="https://cdn.example.org/t.jpg"/>
        </item>
        </channel></rss>
        """

    @Test func readsRSSWithEntitiesCDATABaseAndDates() throws {
        let feed = try Feed(parsing: Array(Self.rss.utf8))
        #expect(feed.format == .rss)
        #expect(feed.title == "Lincoln\u{A0}News")
        let item = try #require(feed.items.first)
        #expect(item.title == "Band & Choir")
        #expect(item.link == "https://lincolnhigh.example.org/news/concert.html")
        #expect(item.guid == "post-1")
        #expect(item.published == Date(timeIntervalSince1970: 1_762_187_400))
        #expect(item.summary == FeedText("<p>Tickets <b>on sale</b></p>", isHTML: true))
        #expect(item.content == FeedText("<p>Full text</p>", isHTML: true))
        #expect(item.image == "https://cdn.example.org/t.jpg")
        #expect(feed.warnings.isEmpty)
    }

    @Test func aBrokenFeedYieldsWhatCanBeRecoveredWithWarnings() throws {
        let cut = String(Self.rss.prefix(Self.rss.count - 40))
        let feed = try Feed(parsing: Array(cut.utf8))
        #expect(feed.items.count == 1)
        #expect(feed.items.first?.title == "Band & Choir")
        #expect(!feed.warnings.isEmpty)
    }

    @Test func documentsThatAreNotFeedsAreRefusedWithAReason() {
        #expect(throws: FeedError("the document is empty")) { try Feed(parsing: [UInt8]()) }
        #expect(throws: FeedError.self) { try Feed(parsing: Array("<html><body>Hello</body></html>".utf8)) }
        #expect(throws: FeedError.self) { try Feed(parsing: Array("just words".utf8)) }
    }

    @Test func encodingsAreDetected() throws {
        let atom =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Café</title></feed>"
        var utf16 = [UInt8]()
        for unit in atom.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try Feed(parsing: [0xFF, 0xFE] + utf16).title == "Café")
        #expect(try Feed(parsing: utf16).title == "Café")
        let latin =
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Caf\u{E9} \u{2019}</title></channel></rss>"
        #expect(try Feed(parsing: Array(latin.data(using: .windowsCP1252)!)).title == "Café ’")
        let undeclared = Array("<rss><channel><title>don".utf8) + [0x92] + Array("t</title></channel></rss>".utf8)
        #expect(try Feed(parsing: undeclared).title == "don’t")
    }

    @Test func randomlyDamagedFeedsNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let original = Array(Self.rss.utf8)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8(ascii: "<"), at: position)
                }
            }
            _ = try? Feed(parsing: bytes)
        }
    }
}
