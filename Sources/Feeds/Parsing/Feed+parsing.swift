import CLibXML2
import Foundation
import HTMLText

extension Feed {
    /// Reads a feed from its bytes in any encoding the document declares (a byte order mark,
    /// UTF-16 or UTF-32 without one, the XML declaration's `encoding`), repairing what libxml2's
    /// recovering parser can repair. A broken feed yields what can be recovered, with
    /// ``warnings`` saying what was wrong.
    ///
    /// A hostile feed costs bounded time and memory: entities the document declares are never
    /// expanded and nothing is loaded from elsewhere (see `XMLDocumentReader`), elements nested
    /// more than 256 deep end the reading there, the document is read only up to a start tag with
    /// more attributes than libxml2 can check in time, and the stories are read within
    /// ``FeedLimits``, a story that breaks them skipped with a warning naming it.
    ///
    /// Throws ``FeedError`` only when nothing in the bytes is a feed, or when the document is larger
    /// than ``FeedLimits/maximumDocumentBytes``.
    public init(parsing bytes: some Collection<UInt8>) throws(FeedError) {
        let collector = XMLWarningCollector()
        guard !bytes.isEmpty else { throw FeedError("the document is empty") }
        guard bytes.count <= FeedLimits.maximumDocumentBytes else {
            throw FeedError(
                "the document is \(bytes.count) bytes, more than the \(FeedLimits.maximumDocumentBytes) a feed may have"
            )
        }
        var buffer = EntityReferences.numeric(FeedEncoding.utf8Bytes(of: Array(bytes)))
        var truncation: String?
        if let crowded = buffer.withUnsafeBufferPointer({ CrowdedTags.firstOffset(in: $0, html: false) }) {
            let line = buffer[..<crowded].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            truncation =
                "line \(line): a tag with more than \(CrowdedTags.maximumAttributes) attributes; "
                + "the document was read up to it"
            buffer.removeSubrange(crowded...)
        }
        let document = XMLDocumentReader.document(buffer, collector: collector)
        // A document without a root element (only a comment, say) is freed here too.
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, let root = xmlDocGetRootElement(document) else {
            let problem = truncation ?? collector.firstProblem
            throw FeedError("the document is not XML\(problem.map { " (\($0))" } ?? "")")
        }
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
        var problems = truncation.map { [$0] } ?? []
        if collector.declaresEntities {
            problems.append("the document declares entities of its own; they are not expanded")
        }
        problems += collector.problems
        if let title, title.utf8.count > FeedLimits.maximumFieldBytes {
            problems.append("the feed's title is longer than \(FeedLimits.maximumFieldBytes) bytes; left out")
            self.title = nil
        }
        if let link, link.utf8.count > FeedLimits.maximumFieldBytes {
            problems.append("the feed's link is longer than \(FeedLimits.maximumFieldBytes) bytes; left out")
            self.link = nil
        }
        warnings = problems + warnings
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
