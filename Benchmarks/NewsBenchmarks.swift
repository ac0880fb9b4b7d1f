import Feeds
import Foundation
import FoundationXML
import HTMLText
import HomeroomTestbed
import HomeroomTesting

/// A feed of at least `megabytes` MB: the items of the project's WordPress school feed, repeated with fresh guids.
func largeFeed(megabytes: Int) throws -> [UInt8] {
    let source = try String(
        contentsOf: Corpus.root.appendingPathComponent("feeds/inputs/school/lincoln_news_wordpress_rss2.xml"),
        encoding: .utf8)
    let head = source.components(separatedBy: "<item>")[0]
    let items = source.components(separatedBy: "<item>").dropFirst().map {
        "<item>" + $0.components(separatedBy: "</item>")[0] + "</item>\n"
    }
    var text = head
    var copy = 0
    while text.utf8.count < megabytes * 1_000_000 {
        copy += 1
        for item in items { text += item.replacingOccurrences(of: "<guid", with: "<guid data-copy=\"\(copy)\"") }
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

func benchmarkFeedParsing() throws {
    guard Corpus.isAvailable else { return print("feeds: skipped, the shared corpora are not beside this package") }
    let bytes = try largeFeed(megabytes: 10)
    var items = 0
    let rate = try throughput(bytes: bytes.count) { items = try Feed(parsing: bytes).items.count }
    var elements = 0
    let saxRate = throughput(bytes: bytes.count) {
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = counter
        _ = parser.parse()
        elements = counter.elements
    }
    print("Feed parsing (Feeds on a \(bytes.count / 1_000_000) MB RSS 2.0 feed, \(items) items, \(elements) elements):")
    print(
        String(
            format: "  Feeds        median %7.1f MB/s   goal ≥ 50 MB/s  %@", rate, rate >= 50 ? "met" : "NOT MET"))
    print(
        String(
            format: "  XMLParser SAX, counting elements only, same run: %.1f MB/s (ratio %.2f)", saxRate, rate / saxRate
        ))
    print("  reference measured on this machine by the issue: feedparser about 1.8 MB/s")
}

func benchmarkArticleExtraction() async throws {
    guard Corpus.isAvailable else { return print("articles: skipped, the shared corpora are not beside this package") }
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
    print("Article extraction (\(pages.count) corpus pages, \(String(format: "%.1f", Double(total) / 1e6)) MB):")
    print(
        String(
            format: "  extraction   median %7.1f MB/s   goal ≥ 20 MB/s  %@", rate, rate >= 20 ? "met" : "NOT MET"))
    print(
        String(
            format: "  F1 %.4f (precision %.4f, recall %.4f)   goal ≥ 0.93  %@; the reference extractor scores 0.959",
            score.f1, score.precision, score.recall, score.f1 >= 0.93 ? "met" : "NOT MET"))
    print(
        String(
            format: "  libxml2 parse into the tree alone, same run: %.1f MB/s (extraction takes %.0f%% of that speed)",
            parseRate, rate / parseRate * 100))
}
