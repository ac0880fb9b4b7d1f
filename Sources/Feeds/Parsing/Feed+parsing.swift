import CLibXML2
import Foundation

extension Feed {
    /// Reads a feed from its bytes in any encoding the document declares (a byte order mark,
    /// UTF-16 or UTF-32 without one, the XML declaration's `encoding`), repairing what libxml2's
    /// recovering parser can repair. A broken feed yields what can be recovered, with
    /// ``warnings`` saying what was wrong.
    ///
    /// Throws ``FeedError`` only when nothing in the bytes is a feed.
    public init(parsing bytes: some Collection<UInt8>) throws(FeedError) {
        let collector = XMLWarningCollector()
        guard !bytes.isEmpty else { throw FeedError("the document is empty") }
        let buffer = EntityReferences.numeric(FeedEncoding.utf8Bytes(of: Array(bytes)))
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
                | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_HUGE.rawValue)
        let document = collector.collecting {
            buffer.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { chars in
                    // The bytes are UTF-8 now, whatever the declaration says.
                    xmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
                }
            }
        }
        guard let document, let root = xmlDocGetRootElement(document) else {
            throw FeedError("the document is not XML\(collector.firstProblem.map { " (\($0))" } ?? "")")
        }
        defer { xmlFreeDoc(document) }
        let top = FeedNode(pointer: root)
        switch top.key {
        case "rss", "rss:rss":
            self = RSSReader.read(root: top, format: .rss)
        case "rdf:RDF", "RDF":
            self = RSSReader.read(root: top, format: .rdf)
        case "atom:feed", "atom03:feed", "feed":
            self = AtomReader.read(root: top)
        case let other:
            throw FeedError(
                "the document is not a feed: its root element is <\(other)>, not <rss>, <rdf:RDF> or <feed>")
        }
        warnings = collector.problems
    }
}

/// Why a document could not be read as a feed, in words for an admin.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
