import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HTMLText

/// Pages written to hurt the reader: nesting deeper than any stack, JSON-LD nested, repeated and
/// oversized, floods of meta tags and of attributes. Each is read in well under the time limit,
/// and what can be read is read.
@Suite(.timeLimit(.minutes(1))) struct HostilePageTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/html/\(name)")))
    }

    static let paragraph =
        "Deep down in the page, the winter concert returns to the main hall, with the orchestra, the band and both choirs."

    /// libxml2 stops a page at 256 levels, but the walks over a tree do not rely on it: a tree
    /// 100,000 levels deep is rendered, flattened, scored and extracted.
    @Test func treesNestedAHundredThousandDeepAreWalkedWithoutRecursion() {
        var tree = HTMLTree()
        var parent = tree.append(name: "body", text: "", attributes: [], under: HTMLTree.documentIndex)
        for _ in 0..<100_000 { parent = tree.append(name: "div", text: "", attributes: [], under: parent) }
        let paragraph = tree.append(name: "p", text: "", attributes: [], under: parent)
        _ = tree.append(name: nil, text: Self.paragraph, attributes: [], under: paragraph)
        #expect(tree.paragraphText == Self.paragraph)
        #expect(tree.flatText == Self.paragraph)
        #expect(tree.textContent(of: HTMLTree.documentIndex) == Self.paragraph)
        #expect(ArticleExtractor.extract(from: tree) == Self.paragraph)

        let depth = 100_000
        let page =
            "<html><body><p>\(Self.paragraph)</p>" + String(repeating: "<div>", count: depth) + "deep"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        #expect(HTMLTree(parsing: Array(page.utf8)).flatText.hasPrefix(Self.paragraph))
        #expect(ArticleExtractor.extract(fromPage: Array(page.utf8)).hasPrefix(Self.paragraph))
    }

    @Test func linkedDataNestedDeeperThanTheLimitIsSkipped() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(LinkedDataValue(json: nested(LinkedDataLimits.maximumDepth)) != nil)
        #expect(LinkedDataValue(json: nested(LinkedDataLimits.maximumDepth + 1)) == nil)
        #expect(LinkedDataValue(json: nested(100_000)) == nil)
        // Brackets inside strings are text, not nesting.
        #expect(LinkedDataValue(json: "[\"\(String(repeating: "[{", count: 1_000))\\\"\"]") != nil)

        // The page's own text is read instead of the block's article body.
        let page = try Self.fixture("deep-json-ld.html")
        #expect(HTMLTree(parsing: page).linkedData.isEmpty)
        #expect(PageScanner.parts(of: page).linkedData.isEmpty)
        #expect(
            ArticleExtractor.extract(fromPage: page).hasPrefix("Robotics team second at state finals, the page says"))
    }

    @Test func aPageKeepsItsFirstThirtyTwoLinkedDataBlocks() throws {
        let page = try Self.fixture("many-json-ld-blocks.html")
        let names = { (blocks: [LinkedDataValue]) in blocks.compactMap { $0["name"]?.string } }
        let expected = (1...LinkedDataLimits.maximumBlocks).map { "block \($0)" }
        #expect(names(HTMLTree(parsing: page).linkedData) == expected)
        #expect(names(PageScanner.parts(of: page).linkedData) == expected)
    }

    @Test func aLinkedDataBlockLargerThanTheLimitIsSkipped() {
        let body = String(repeating: "x", count: LinkedDataLimits.maximumBlockBytes)
        let json = #"{"@type":"Article","articleBody":"\#(body)"}"#
        #expect(LinkedDataValue(json: json) == nil)
        let page = Array(#"<script type="application/ld+json">\#(json)</script><p>Text</p>"#.utf8)
        #expect(PageScanner.parts(of: page).linkedData.isEmpty)
        #expect(HTMLTree(parsing: page).linkedData.isEmpty)
    }

    @Test func aPageKeepsItsFirstThousandMetaTags() {
        let page = (1...1_500).map { #"<meta name="m\#($0)" content="x">"# }.joined()
        let tags = PageScanner.parts(of: Array(page.utf8)).metaTags
        #expect(tags.count == PageScanner.maximumMetaTags)
        #expect(tags.last?["name"] == "m1000")
    }

    static let attributes = (0..<100_000).map { "a\($0)=\"x\"" }.joined(separator: " ")

    /// libxml2 compares each attribute of a tag with every earlier one: 100,000 attributes would
    /// take it minutes. However the tag is dressed, the page is read up to it; a tag with
    /// ``CrowdedTags/maximumAttributes`` before it is read whole.
    @Test(arguments: [
        "<div \(attributes)>", "<div title=\"<b>\" \(attributes)>", "<script>\"<a x=\"</script><div \(attributes)>",
        "<div \((0..<100_000).map { "b\($0)" }.joined(separator: " "))>", "<!-- <a x=\" --><div \(attributes)>",
    ])
    func aTagWithThousandsOfAttributesEndsTheParseThere(crowded: String) {
        let allowed = (0..<CrowdedTags.maximumAttributes).map { "data-a\($0)=\"x\"" }.joined(separator: " ")
        let page =
            "<html><body><article><p \(allowed)>\(Self.paragraph)</p>\(crowded)<p>After</p></article></body></html>"
        let tree = HTMLTree(parsing: Array(page.utf8))
        #expect(tree.flatText.hasPrefix(Self.paragraph))
        #expect(tree.nodes.first { $0.name == "p" }?.attributes.count == CrowdedTags.maximumAttributes)
    }
}
