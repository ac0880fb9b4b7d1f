import CLibXML2
import HTMLText

/// A read-only view of one element of libxml2's tree while a feed is read; never kept past the parse.
struct FeedNode {
    let pointer: xmlNodePtr
    /// `prefix:local` for namespaced elements (with the prefixes below, or the document's own for
    /// others), `local` for RSS's own elements.
    let key: String

    init(pointer: xmlNodePtr) {
        self.init(pointer: pointer, key: Self.key(of: pointer))
    }

    private init(pointer: xmlNodePtr, key: String) {
        self.pointer = pointer
        self.key = key
    }

    /// Well-known namespaces, by the prefix the readers use for them.
    private static let prefixes: [String: String] = [
        "http://www.w3.org/2005/Atom": "atom", "http://purl.org/atom/ns#": "atom03",
        "http://purl.org/rss/1.0/": "", "http://my.netscape.com/rdf/simple/0.9/": "",
        "http://backend.userland.com/rss2": "", "http://backend.userland.com/rss": "",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf", "http://purl.org/dc/elements/1.1/": "dc",
        "http://purl.org/dc/terms/": "dcterms", "http://purl.org/rss/1.0/modules/content/": "content",
        "http://search.yahoo.com/mrss/": "media", "http://search.yahoo.com/mrss": "media",
        "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes", "http://www.w3.org/1999/xhtml": "xhtml",
    ]

    /// The key of the element at `pointer`, from the document's ``ElementKeys`` when it has them.
    private static func key(of pointer: xmlNodePtr) -> String {
        if let keys = ElementKeys.of(pointer) { return keys.key(of: pointer) }
        return key(
            local: pointer.pointee.name, prefix: pointer.pointee.ns?.pointee.prefix,
            uri: pointer.pointee.ns?.pointee.href)
    }

    /// The key of an element named `local`, in the namespace `uri` written with `prefix`.
    static func key(local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?)
        -> String
    {
        let local = local.map { String(cString: $0) } ?? ""
        if let uri, let known = prefixes[String(cString: uri)] {
            return known.isEmpty ? local : "\(known):\(local)"
        }
        let prefix = prefix.map { String(cString: $0) } ?? ""
        return prefix.isEmpty ? local : "\(prefix):\(local)"
    }

    /// The element children, in order.
    var children: [FeedNode] { children { _ in true } }

    /// The first child whose key is one of `keys`, trying the keys in order.
    func child(_ keys: String...) -> FeedNode? {
        for key in keys {
            var child = pointer.pointee.children
            while let node = child {
                if node.pointee.type == XML_ELEMENT_NODE, Self.key(of: node) == key { return FeedNode(pointer: node) }
                child = node.pointee.next
            }
        }
        return nil
    }

    /// Every child with key `key`.
    func children(_ key: String) -> [FeedNode] { children { $0 == key } }

    /// The element children whose key passes `isWanted`, in order.
    func children(where isWanted: (String) -> Bool) -> [FeedNode] {
        var result: [FeedNode] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE {
                let key = Self.key(of: node)
                if isWanted(key) { result.append(FeedNode(pointer: node, key: key)) }
            }
            child = node.pointee.next
        }
        return result
    }

    /// The attribute `name` (no namespace, or `xml:`/`rdf:` names as written).
    func attribute(_ name: String) -> String? {
        var property = pointer.pointee.properties
        while let attribute = property {
            if let raw = attribute.pointee.name {
                var attributeName = String(cString: raw)
                if let prefix = attribute.pointee.ns?.pointee.prefix {
                    attributeName = "\(String(cString: prefix)):\(attributeName)"
                }
                if attributeName == name { return Self.value(of: attribute) }
            }
            property = attribute.pointee.next
        }
        return nil
    }

    /// An attribute's value from its text and entity reference nodes, references read as in
    /// ``text``; never through libxml2's `xmlNodeListGetString`, which expands the document's
    /// own entities.
    private static func value(of attribute: xmlAttrPtr) -> String {
        var result = ""
        var child = attribute.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_TEXT_NODE: if let content = node.pointee.content { result += String(cString: content) }
            case XML_ENTITY_REF_NODE: appendReference(node, to: &result)
            default: break
            }
            child = node.pointee.next
        }
        return result
    }

    /// The text inside, entities decoded and CDATA sections merged; HTML entities that XML does
    /// not define (`&nbsp;`, `&eacute;`) read as their characters, and any other reference as
    /// written (`&name;`), never as what the document declares it to be. Nested elements are
    /// walked with a stack of siblings still to visit, not by recursion.
    var text: String {
        var result = ""
        var resume: [xmlNodePtr] = []
        var next = pointer.pointee.children
        while let node = next ?? resume.popLast() {
            next = node.pointee.next
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { result += String(cString: content) }
            case XML_ENTITY_REF_NODE:
                Self.appendReference(node, to: &result)
            case XML_ELEMENT_NODE:
                if let child = node.pointee.children {
                    if let sibling = next { resume.append(sibling) }
                    next = child
                }
            default:
                break
            }
        }
        return result
    }

    /// An entity reference as its HTML character when it names one, else as written.
    private static func appendReference(_ node: xmlNodePtr, to result: inout String) {
        guard let name = node.pointee.name else { return }
        if let value = CharacterReferences.codePoint(named: String(cString: name)), let scalar = Unicode.Scalar(value) {
            result.unicodeScalars.append(scalar)
        } else {
            result += "&\(String(cString: name));"
        }
    }

    /// The markup inside, serialized (Atom's `type="xhtml"` content: the inner `div`'s children).
    var innerMarkup: String {
        guard let buffer = xmlBufferCreate() else { return text }
        defer { xmlBufferFree(buffer) }
        var child = pointer.pointee.children
        while let node = child {
            xmlNodeDump(buffer, pointer.pointee.doc, node, 0, 0)
            child = node.pointee.next
        }
        guard let content = xmlBufferContent(buffer) else { return "" }
        return String(cString: content)
    }

    /// `href` resolved against the `xml:base` in force at this element; as given when there is
    /// none, or when it cannot be resolved (see ``LinkResolution``).
    func resolve(_ href: String) -> String {
        let bases = ElementKeys.of(pointer)?.bases ?? BaseAddresses()
        guard let base = bases.base(of: pointer) else { return href }
        return LinkResolution.resolve(href, against: base) ?? href
    }
}
