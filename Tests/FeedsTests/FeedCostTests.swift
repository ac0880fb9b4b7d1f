import Feeds
import HomeroomTesting
import Testing

/// Feeds whose cost grew faster than their size: each is timed against a benign feed of about
/// the same size read in the same run, and must cost no more than a few times as much.
@Suite(.timeLimit(.minutes(2))) struct FeedCostTests {
    /// How many times the cost of a benign feed of the same size a hostile one may take.
    static let allowedRatio = 4.0

    static func rss(_ channel: String = "", items: String, prolog: String = "") -> [UInt8] {
        Array("\(prolog)<rss version=\"2.0\"><channel \(channel)><title>Cost</title>\(items)</channel></rss>".utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> Feed { try Feed(parsing: bytes) }

    /// `count` stories with a guid and `extra` markup each.
    static func stories(_ count: Int, _ extra: (Int) -> String = { _ in "" }) -> String {
        (1...count).map { "<item><title>Story \($0)</title><guid>\($0)</guid>\(extra($0))</item>" }.joined()
    }

    /// Attribute-list declarations in the feed's own DTD: libxml2 compared each with every earlier
    /// one and applied their namespace defaults to every story (3,000 took seconds, 20,000 minutes).
    @Test func attributeListsOfTheFeedsOwnDTDAreNotRead() throws {
        let declarations = (0..<3_000).map { "<!ATTLIST item xmlns:p\($0) CDATA \"https://n\($0).example/\">" }
            .joined(separator: "\n")
        let hostile = Self.rss(items: Self.stories(1_000), prolog: "<!DOCTYPE rss [\n\(declarations)\n]>")
        let benign = Self.rss(
            items: Self.stories(1_000),
            prolog: "<!DOCTYPE rss [\n<!--\(String(repeating: "x", count: declarations.utf8.count))-->\n]>")
        let feed = try Self.read(hostile)
        #expect(feed.items.count == 1_000)
        #expect(feed.warnings == ["the document declares 3000 attribute lists of its own; they are not read"])
        let ratio = try CostRatio.of({ _ = try Self.read(hostile) }, against: { _ = try Self.read(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")

        // A `>` or `]` inside a quoted default neither ends the declaration nor the subset.
        let quoted = Self.rss(
            items: "<item><title>One</title><guid>one</guid></item>",
            prolog: "<!DOCTYPE rss [<!ENTITY e \"]>\"><!ATTLIST item a CDATA \"]>\"><!-- ] --><?pi ]?>]>")
        let read = try Self.read(quoted)
        #expect(read.items.map(\.guid) == ["one"])
        #expect(read.warnings.contains("the document declares 1 attribute lists of its own; they are not read"))
    }

    /// Links climbing with `../` against a deep `xml:base` cost libxml2 time growing with the
    /// square of their segments: they are kept as written; a link of a few segments is resolved.
    @Test func linksWithThousandsOfDotSegmentsAreKeptAsWritten() throws {
        let climb = String(repeating: "../", count: 2_000) + "z"
        let base = "xml:base=\"https://a.example/\(String(repeating: "d/", count: 2_000))\""
        let hostile = Self.rss(base, items: Self.stories(1_000) { _ in "<link>\(climb)</link>" })
        let plain = String(repeating: "p", count: climb.utf8.count)
        let benign = Self.rss(base, items: Self.stories(1_000) { _ in "<link>\(plain)</link>" })
        let feed = try Self.read(hostile)
        #expect(feed.items.count == 1_000)
        #expect(feed.items.allSatisfy { $0.link == climb })
        let ratio = try CostRatio.of({ _ = try Self.read(hostile) }, against: { _ = try Self.read(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")

        let near = try Self.read(
            Self.rss("xml:base=\"https://a.example/b/c/\"", items: "<item><link>../../x/./y</link></item>"))
        #expect(near.items.first?.link == "https://a.example/x/y")
    }

    /// An `xml:base` was resolved again for every link of every story: one of a megabyte took
    /// the reader minutes. A base is worked out once per element, and one longer than a field may
    /// be is passed over.
    @Test func aBaseIsReadOncePerElementAndAnOverlongOneIsPassedOver() throws {
        let links = { (index: Int) in "<link>p\(index)</link><enclosure type=\"image/png\" url=\"i\(index)\"/>" }
        let path = String(repeating: "b", count: 1_000_000)
        let hostile = Self.rss("xml:base=\"https://a.example/\(path)/\"", items: Self.stories(1_000, links))
        let benign = Self.rss("title=\"https://a.example/\(path)/\"", items: Self.stories(1_000, links))
        let passedOver = try Self.read(hostile)
        #expect(passedOver.items.map(\.link) == (1...1_000).map { "p\($0)" })
        let ratio = try CostRatio.of({ _ = try Self.read(hostile) }, against: { _ = try Self.read(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")

        let long = String(repeating: "b", count: 7_000)
        let feed = try Self.read(Self.rss("xml:base=\"https://a.example/\(long)/\"", items: Self.stories(1_000, links)))
        #expect(feed.items.first?.link == "https://a.example/\(long)/p1")
        #expect(feed.items.last?.image == "https://a.example/\(long)/i1000")
    }

    /// libxml2 looks each prefix up in every namespace declaration in scope: a feed declaring
    /// thousands of them on nested elements cost time growing with their number times its elements.
    @Test func aFeedIsReadUpToMoreNamespacesInScopeThanTheLimit() throws {
        let levels = 200
        let opening = (0..<levels).map { level in
            "<x\(level) "
                + (0..<50).map { "xmlns:p\(level)_\($0)=\"https://n\(level).example/\($0)\"" }
                .joined(separator: " ") + ">"
        }.joined()
        let closing = (0..<levels).reversed().map { "</x\($0)>" }.joined()
        let elements = String(repeating: "<y/>", count: 100_000)
        let hostile = Self.rss(items: Self.stories(10) + opening + elements + closing)
        let benign = Self.rss(
            items: Self.stories(10) + opening.replacing("xmlns:", with: "xmlns-") + elements + closing)
        let feed = try Self.read(hostile)
        #expect(feed.items.count == 10)
        #expect(
            feed.warnings.contains {
                $0.hasSuffix(
                    "more than \(FeedLimits.maximumNamespaces) namespaces in scope; the document was read up to there")
            })
        let ratio = try CostRatio.of({ _ = try Self.read(hostile) }, against: { _ = try Self.read(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")
    }

    /// A story with hundreds of thousands of categories was built whole, node by node, and walked
    /// again for each field of the story.
    @Test func elementsPastTheCapsAreReadButNotBuilt() throws {
        let flood = { (count: Int) in
            Self.rss(
                items: "<item><title>Flood</title><guid>flood</guid>"
                    + String(repeating: "<category>c</category>", count: count) + "</item>" + Self.stories(5))
        }
        let feed = try Self.read(flood(200_000))
        #expect(feed.items.map(\.guid) == ["flood", "1", "2", "3", "4", "5"])
        let leftOut = 200_000 + 2 - FeedLimits.maximumChildElements
        #expect(
            feed.warnings == [
                "\(leftOut) elements past \(FeedLimits.maximumChildElements) under one element or \(FeedLimits.maximumElements) in the feed were not read, nor what is inside them"
            ])
        // The elements left out are still parsed: twice as many cost about twice as much.
        let (single, double) = (flood(200_000), flood(400_000))
        let ratio = try CostRatio.of({ _ = try Self.read(double) }, against: { _ = try Self.read(single) })
        #expect(ratio < 3, "\(ratio)")

        // Past the feed's cap, whole stories are left out.
        let many = try Self.read(
            Self.rss(items: Self.stories(1_000) { _ in String(repeating: "<category>c</category>", count: 200) }))
        #expect(many.items.count < 1_000)
        #expect(many.items.last.map { $0.guid != nil } == true)
        #expect(many.warnings.count == 1)
    }

    /// A reference to an entity nobody defined cost a scan of HTML's 253 names, an error written
    /// out by libxml2 and a node of its own: a feed of millions took seconds and gigabytes. The
    /// names are looked up in a table, the reference is kept as text, and the reading stops after
    /// ``FeedLimits/maximumErrors`` errors.
    @Test func undefinedEntitiesCostAsMuchAsCharacterReferences() throws {
        let undefined = String(repeating: "&zz;", count: 200)
        let hostile = Self.rss(
            items: Self.stories(1_000) { _ in "<description>\(undefined)</description>" },
            prolog: "<!DOCTYPE rss SYSTEM \"rss.dtd\">")
        let characters = String(repeating: "&#97;", count: 200)
        let benign = Self.rss(
            items: Self.stories(1_000) { _ in "<description>\(characters)</description>" },
            prolog: "<!DOCTYPE rss SYSTEM \"rss.dtd\">")
        let feed = try Self.read(hostile)
        #expect(feed.items.first?.summary?.value == undefined)
        #expect(feed.items.count < 1_000)
        #expect(
            feed.warnings.contains {
                $0.hasSuffix("more than \(FeedLimits.maximumErrors) errors; the document was read up to there")
            })
        let ratio = try CostRatio.of({ _ = try Self.read(hostile) }, against: { _ = try Self.read(benign) })
        #expect(ratio < Self.allowedRatio, "\(ratio)")
    }

    /// Comments, processing instructions and attributes cost a node each, several hundred bytes
    /// for a few bytes of feed: the first two are not built, and attributes past the cap are left out.
    @Test func commentsAndAttributesPastTheCapAreNotBuilt() throws {
        let attributes = (0..<250).map { "x\($0)=\"\"" }.joined(separator: " ")
        let feed = try Self.read(
            Self.rss(items: Self.stories(1_000) { _ in "<!-- c --><?pi x?><enclosure \(attributes)/>" }))
        #expect(feed.items.count == 1_000)
        // The root's `version` is built first.
        let leftOut = 1 + 1_000 * 250 - FeedLimits.maximumAttributes
        #expect(
            feed.warnings == ["\(leftOut) attributes past \(FeedLimits.maximumAttributes) in the feed were left out"])
    }
}
