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
    /// expanded, the attribute lists it declares are not read, and nothing is loaded from elsewhere
    /// (see `XMLDocumentReader`), elements nested more than 256 deep end the reading there, and so
    /// do more than ``FeedLimits/maximumNamespaces`` namespaces in scope and more than
    /// ``FeedLimits/maximumErrors`` errors, the document is read only up to a start tag with more
    /// attributes than libxml2 can check in time, elements and attributes past
    /// ``FeedLimits/maximumElements`` and ``FeedLimits/maximumAttributes`` are not built, and the
    /// stories are read within ``FeedLimits``, a story that breaks them skipped with a warning
    /// naming it.
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
        // An array is shared as it is; other contiguous bytes (`Data`) are copied at memory speed.
        let input = bytes as? [UInt8] ?? bytes.withContiguousStorageIfAvailable { Array($0) } ?? Array(bytes)
        var buffer = EntityReferences.numeric(FeedEncoding.utf8Bytes(of: input))
        let attributeLists = AttributeDeclarations.blankOut(&buffer)
        var truncation: String?
        if let crowded = buffer.withUnsafeBufferPointer({ CrowdedTags.firstOffset(in: $0, html: false) }) {
            let line = buffer[..<crowded].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            truncation =
                "line \(line): a tag with more than \(CrowdedTags.maximumAttributes) attributes; "
                + "the document was read up to it"
            buffer.removeSubrange(crowded...)
        }
        let cap = StoryCap()
        let document = XMLDocumentReader.document(buffer, collector: collector, cap: cap)
        // A document without a root element (only a comment, say) is freed here too.
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, let root = xmlDocGetRootElement(document) else {
            let problem = truncation ?? collector.firstProblem
            throw FeedError("the document is not XML\(problem.map { " (\($0))" } ?? "")")
        }
        self = try ElementKeys().attached(to: document) { () throws(FeedError) -> Feed in
            try Self.read(root: FeedNode(pointer: root), cap: cap)
        }
        var problems = truncation.map { [$0] } ?? []
        if collector.declaresEntities {
            problems.append("the document declares entities of its own; they are not expanded")
        }
        if attributeLists > 0 {
            problems.append("the document declares \(attributeLists) attribute lists of its own; they are not read")
        }
        problems += collector.problems
        if cap.elementsLeftOut > 0 {
            problems.append(
                "\(cap.elementsLeftOut) elements past \(FeedLimits.maximumChildElements) under one element or "
                    + "\(FeedLimits.maximumElements) in the feed were not read, nor what is inside them")
        }
        if cap.attributesLeftOut > 0 {
            problems.append(
                "\(cap.attributesLeftOut) attributes past \(FeedLimits.maximumAttributes) in the feed were left out")
        }
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

extension Feed {
    /// The feed at `root`, read by the reader of its format; `cap` counted the stories not built.
    private static func read(root: FeedNode, cap: StoryCap) throws(FeedError) -> Feed {
        switch root.key {
        case "rss", "rss:rss":
            return RSSReader.read(root: root, format: .rss, dropped: cap.dropped(.channelItems, .rootItems))
        case "rdf:RDF", "RDF":
            return RSSReader.read(root: root, format: .rdf, dropped: cap.dropped(.channelItems, .rootItems))
        case "atom:feed", "atom03:feed", "feed":
            return AtomReader.read(root: root, dropped: cap.dropped(.rootEntries))
        case let other:
            throw FeedError(
                "the document is not a feed: its root element is <\(other)>, not <rss>, <rdf:RDF> or <feed>")
        }
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
