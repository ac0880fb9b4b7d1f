import CLibXML2

extension HTMLTree {
    /// Parses an HTML page or fragment the way browsers are lenient: unclosed tags, stray end tags
    /// and bad nesting are repaired, never refused. The encoding is the one the page declares
    /// (a byte order mark, or a `charset` in a `<meta>`); a page that declares none is read as
    /// UTF-8 when it is valid UTF-8, otherwise as Windows-1252.
    ///
    /// A hostile page costs bounded time and memory: only its first ``HTMLLimits/maximumPageBytes``
    /// are read, only up to the first start tag with more attributes than libxml2 can check in
    /// time (see `CrowdedTags`), and only up to its ``HTMLLimits/maximumElements``th element.
    /// libxml2 itself stops at elements nested 256 deep, the rest of the page left out; HTML has
    /// no entity declarations to expand.
    public init(parsing bytes: some Collection<UInt8>) {
        self.init()
        var buffer = Array(bytes.prefix(HTMLLimits.maximumPageBytes))
        if let crowded = buffer.withUnsafeBufferPointer({ CrowdedTags.firstOffset(in: $0, html: true) }) {
            buffer.removeSubrange(crowded...)
        }
        guard !buffer.isEmpty else { return }
        // A declared encoding libxml2 does not know yields no document: read with the fallback then.
        let fallback = HTMLEncodingSniffer.fallback(for: buffer)
        guard
            let document = HTMLEncodingSniffer.declaredEncoding(in: buffer).flatMap({
                HTMLDocumentReader.document(buffer, encoding: $0)
            }) ?? HTMLDocumentReader.document(buffer, encoding: fallback)
        else { return }
        defer { xmlFreeDoc(document) }
        var child = document.pointee.children
        while let node = child {
            copy(node, under: HTMLTree.documentIndex)
            child = node.pointee.next
        }
    }

    /// Parses HTML text (a feed's summary, a JSON-LD string that holds markup).
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// Copies libxml2's node and its subtree under `parent`, iteratively so deep nesting cannot
    /// exhaust the stack.
    private mutating func copy(_ top: xmlNodePtr, under topParent: Int) {
        var stack: [(xmlNodePtr, Int)] = [(top, topParent)]
        while let (node, parent) = stack.popLast() {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = node.pointee.name.map { String(cString: $0) } ?? ""
                let index = append(name: name, text: "", attributes: Self.attributes(of: node), under: parent)
                // Children are pushed in reverse so they are copied in document order.
                var children: [xmlNodePtr] = []
                var child = node.pointee.children
                while let next = child {
                    children.append(next)
                    child = next.pointee.next
                }
                for next in children.reversed() { stack.append((next, index)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    _ = append(name: nil, text: String(cString: content), attributes: [], under: parent)
                }
            default:
                break
            }
        }
    }

    private static func attributes(of node: xmlNodePtr) -> [Attribute] {
        var result: [Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            if let name = attribute.pointee.name {
                var value = ""
                var child = attribute.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                result.append(Attribute(name: String(cString: name).lowercased(), value: value))
            }
            property = attribute.pointee.next
        }
        return result
    }
}
