import Feeds
import Foundation
import FoundationXML
import HTMLText
import HomeroomTestbed
import HomeroomTesting

/// A feed of at least `megabytes` MB, or of `stories` stories: the items of the project's WordPress school feed,
/// repeated with fresh guids.
func largeFeed(megabytes: Int = 0, stories: Int = .max) throws -> [UInt8] {
    let source = try String(
        contentsOf: Corpus.root.appendingPathComponent("feeds/inputs/school/lincoln_news_wordpress_rss2.xml"),
        encoding: .utf8)
    let head = source.components(separatedBy: "<item>")[0]
    let items = source.components(separatedBy: "<item>").dropFirst().map {
        "<item>" + $0.components(separatedBy: "</item>")[0] + "</item>\n"
    }
    var text = head
    var copy = 0
    var count = 0
    while text.utf8.count < megabytes * 1_000_000 || count < stories && megabytes == 0 {
        copy += 1
        for item in items.prefix(stories - count) {
            text += item.replacingOccurrences(of: "<guid", with: "<guid data-copy=\"\(copy)\"")
            count += 1
        }
    }
    return Array((text + "</channel></rss>\n").utf8)
}

/// Megabytes per second of `body` over `bytes` bytes, the median of `rounds` rounds.
func throughput(bytes: Int, rounds: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var rates: [Double] = []
    for _ in 0..<rounds {
        let start = nanoseconds()
        try body()
        rates.append(Double(bytes) / 1e6 / (Double(nanoseconds() - start) / 1e9))
    }
    return median(rates)
}

/// Counts elements with Foundation's SAX parser: the floor of reading the XML at all.
final class ElementCounter: NSObject, XMLParserDelegate {
    var elements = 0
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements += 1
    }
}

/// The elements of `bytes` as Foundation's SAX parser counts them: the floor of reading the XML at all.
func saxElementCount(_ bytes: [UInt8]) -> Int {
    let counter = ElementCounter()
    let parser = XMLParser(data: Data(bytes))
    parser.delegate = counter
    _ = parser.parse()
    return counter.elements
}

func benchmarkFeedParsing() throws {
    guard Corpus.isAvailable else {
        return Report.say("feeds: skipped, the shared corpora are not beside this package")
    }
    let bytes = try largeFeed(megabytes: 10)
    var items = 0
    let rate = try throughput(bytes: bytes.count) { items = try Feed(parsing: bytes).items.count }
    var elements = 0
    let saxRate = throughput(bytes: bytes.count) { elements = saxElementCount(bytes) }
    Report.say(
        "Feed parsing (Feeds on a \(bytes.count / 1_000_000) MB RSS 2.0 feed, \(items) items read, "
            + "\(elements) elements):")
    Report.figure(Figure("feeds.parse", rate, "MB/s", floor: saxRate, goal: .atLeast(50, ratio: 0.45)))
    Report.figure(Figure("feeds.sax-count", saxRate, "MB/s"))
    Report.say("  floor: Foundation's XMLParser (SAX) counting elements, same run")
    Report.say("  reference measured on this machine by the issue: feedparser about 1.8 MB/s")
    // The large feed has more stories than a feed is read for (FeedLimits.maximumItems): past them
    // the parse builds nothing. A feed within the cap has every story built and read.
    let withinCap = try largeFeed(stories: 900)
    let repeats = 10
    let withinCapRate = try throughput(bytes: withinCap.count * repeats) {
        for _ in 0..<repeats { items = try Feed(parsing: withinCap).items.count }
    }
    let withinCapSax = throughput(bytes: withinCap.count * repeats) {
        for _ in 0..<repeats { _ = saxElementCount(withinCap) }
    }
    Report.say("The same stories, \(items) of them (\(withinCap.count / 1_000) KB), every one read:")
    Report.figure(Figure("feeds.parse-within-cap", withinCapRate, "MB/s", floor: withinCapSax))
    Report.figure(Figure("feeds.sax-count-within-cap", withinCapSax, "MB/s"))
}

func benchmarkArticleExtraction() async throws {
    guard Corpus.isAvailable else {
        return Report.say("articles: skipped, the shared corpora are not beside this package")
    }
    let folder = Corpus.root.appendingPathComponent("articles")
    struct Truth: Decodable { let articleBody: String }
    let truth = try JSONDecoder().decode(
        [String: Truth].self, from: Data(contentsOf: folder.appendingPathComponent("ground-truth.json")))
    var pages: [(String, [UInt8])] = []
    for page in truth.keys.sorted() {
        pages.append((page, try await Corpus.gunzip(folder.appendingPathComponent("html/\(page).html.gz"))))
    }
    let total = pages.reduce(0) { $0 + $1.1.count }
    var predicted: [String: String] = [:]
    let rate = throughput(bytes: total) {
        for (page, bytes) in pages { predicted[page] = ArticleExtractor.extract(fromPage: bytes) }
    }
    var nodes = 0
    let parseRate = throughput(bytes: total) {
        for (_, bytes) in pages { nodes += HTMLTree(parsing: bytes).nodes.count }
    }
    let score = ArticleScore(expected: truth.mapValues(\.articleBody), predicted: predicted)
    Report.say("Article extraction (\(pages.count) corpus pages, \(String(format: "%.1f", Double(total) / 1e6)) MB; floor: libxml2's parse into the tree alone):")
    Report.figure(Figure("articles.extract", rate, "MB/s", floor: parseRate, goal: .atLeast(20)))
    Report.figure(Figure("articles.f1", score.f1, "F1", goal: .atLeast(0.93)))
    Report.say(String(format: "  precision %.4f, recall %.4f; the reference extractor scores 0.959", score.precision, score.recall))
}
