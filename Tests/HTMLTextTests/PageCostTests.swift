import Foundation
import HomeroomTesting
import Testing

@testable import HTMLText

/// Pages whose cost grew faster than their size: each is timed against a benign page of about
/// the same size read in the same run, and must cost no more than a few times as much.
@Suite(.timeLimit(.minutes(2))) struct PageCostTests {
    /// How many times the cost of a benign page of the same size a hostile one may take.
    static let allowedRatio = 4.0

    /// 32 blocks of tens of thousands of empty objects: each object cost its decoding hundreds of
    /// bytes, and a page of them took the reader past a gigabyte. The values are counted first.
    @Test func linkedDataOfManyEmptyObjectsIsCountedBeforeItIsDecoded() throws {
        let objects = "[" + Array(repeating: "{}", count: 300_000).joined(separator: ",") + "]"
        let string = "[\"" + String(repeating: "x", count: objects.utf8.count - 4) + "\"]"
        let recipe = #"{"@type": "Recipe", "name": "Cornbread"}"#
        let page = { (block: String) in
            Array(
                (String(repeating: "<script type=\"application/ld+json\">\(block)</script>", count: 8)
                    + "<script type=\"application/ld+json\">\(recipe)</script><p>Text</p>").utf8)
        }
        let hostile = page(objects)
        let benign = page(string)
        #expect(PageScanner.parts(of: hostile).linkedData.map { $0["name"]?.string } == ["Cornbread"])
        #expect(HTMLTree(parsing: hostile).linkedData.map { $0["name"]?.string } == ["Cornbread"])
        let ratio = CostRatio.of({ _ = PageScanner.parts(of: hostile) }, against: { _ = PageScanner.parts(of: benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")

        // Values count across the page's blocks: past the total, later blocks are left out.
        let half = "[" + Array(repeating: "1", count: LinkedDataLimits.maximumValues / 2).joined(separator: ",") + "]"
        let full = Array(
            (String(repeating: "<script type=\"application/ld+json\">\(half)</script>", count: 3)
                + "<script type=\"application/ld+json\">\(recipe)</script>").utf8)
        let read = PageScanner.parts(of: full).linkedData
        #expect(read.count == 2 && read.last?["name"]?.string == "Cornbread")
        #expect(LinkedDataValue(json: half) != nil)
    }

    /// A page of hundreds of thousands of tiny paragraphs was built whole, several hundred bytes of
    /// nodes for each few bytes of page: the tree stops at its limit.
    @Test func aPageOfHundredsOfThousandsOfParagraphsIsReadUpToTheLimit() {
        let hostile = Array(
            ("<html><body><article>" + String(repeating: "<p>Words, and more words here.</p>", count: 150_000)
                + "</article></body></html>").utf8)
        let paragraph = "<p>" + String(repeating: "Words, and more words here. ", count: 200) + "</p>"
        let benign = Array(
            ("<html><body><article>"
                + String(repeating: paragraph, count: hostile.count / paragraph.utf8.count)
                + "</article></body></html>").utf8)
        let tree = HTMLTree(parsing: hostile)
        #expect(tree.nodes.count <= 2 * HTMLLimits.maximumElements + 2)
        #expect(tree.nodes.count > HTMLLimits.maximumElements)
        let text = ArticleExtractor.extract(fromPage: hostile)
        #expect(text.hasPrefix("Words, and more words here.\n\nWords, and more words here."))
        #expect(text.count <= HTMLLimits.maximumArticleCharacters)
        let ratio = CostRatio.of(
            { _ = ArticleExtractor.extract(fromPage: hostile) },
            against: { _ = ArticleExtractor.extract(fromPage: benign) },
            runs: 2)
        #expect(ratio < Self.allowedRatio, "\(ratio)")
    }

    @Test func anArticleLongerThanTheLimitIsCutAtAParagraphBreak() {
        let paragraph = String(repeating: "Word, word. ", count: 1_000).trimmingCharacters(in: .whitespaces)
        let page =
            "<html><body><article>" + String(repeating: "<p>\(paragraph)</p>", count: 40) + "</article></body></html>"
        let text = ArticleExtractor.extract(fromPage: Array(page.utf8))
        #expect(text.count <= HTMLLimits.maximumArticleCharacters)
        #expect(text.count > HTMLLimits.maximumArticleCharacters - paragraph.count - 2)
        #expect(text.hasSuffix(paragraph))

        let one = String(repeating: "x", count: HTMLLimits.maximumArticleCharacters + 10)
        #expect(ArticleExtractor.limited(one).count == HTMLLimits.maximumArticleCharacters)
    }

    /// The attributes of every meta tag were read, and only then the tags past the limit dropped;
    /// the reference is the same page of `<link>` tags, which the scan passes over.
    @Test func metaTagsPastTheLimitAreNotRead() {
        let tags = String(repeating: #"<meta name="a" content="b">"#, count: 500_000)
        let hostile = Array("<html><head>\(tags)</head></html>".utf8)
        let benign = Array("<html><head>\(tags.replacing("<meta", with: "<link"))</head></html>".utf8)
        #expect(PageScanner.parts(of: hostile).metaTags.count == PageScanner.maximumMetaTags)
        let ratio = CostRatio.of({ _ = PageScanner.parts(of: hostile) }, against: { _ = PageScanner.parts(of: benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")
    }

    /// libxml2 looks an HTML entity's name up by comparing it with each of the 253: a page of
    /// millions of references to no entity took seconds. The table is read once into a dictionary.
    @Test func namedReferencesAreLookedUpInATable() {
        #expect(CharacterReferences.codePoint(named: "nbsp") == 0xA0)
        #expect(CharacterReferences.codePoint(named: "AElig") == 0xC6)
        #expect(CharacterReferences.codePoint(named: "diams") == 0x2666)
        #expect(CharacterReferences.codePoint(named: "zz") == nil)
        let hostile = String(repeating: "&zz; ", count: 200_000)
        let benign = String(repeating: "&#97; ", count: 200_000)
        #expect(CharacterReferences.decode(hostile) == hostile)
        let ratio = CostRatio.of(
            { _ = CharacterReferences.decode(hostile) }, against: { _ = CharacterReferences.decode(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")
    }

    /// Attributes past the cap are left out of the page: one costs a few hundred bytes where it may
    /// be written in two.
    @Test func attributesPastTheCapAreLeftOut() {
        let attributes = (0..<250).map { " a\($0)" }.joined()
        let page = "<html><body>" + String(repeating: "<p\(attributes)>Text</p>", count: 1_000) + "</body></html>"
        let tree = HTMLTree(parsing: Array(page.utf8))
        #expect(tree.nodes.reduce(0) { $0 + $1.attributes.count } == HTMLLimits.maximumAttributes)
        #expect(tree.nodes.filter { $0.name == "p" }.count == 1_000)
    }
}
