import CLibXML2

/// The base address (`xml:base`) in force at each element of one document, each worked out once
/// while the document is read: the stories of a feed then do not each resolve the chain of bases
/// above them again, as libxml2's `xmlNodeGetBase` does on every call.
///
/// An element's base is its own `xml:base` resolved against its parent's (XML Base, section 4.2),
/// or its parent's when it has none. An `xml:base` longer than ``FeedLimits/maximumFieldBytes``,
/// or one that ``LinkResolution`` does not resolve, is passed over.
final class BaseAddresses {
    /// The base of each element worked out so far; nil for an element under no `xml:base`.
    private var known: [xmlNodePtr: String?] = [:]

    /// The base in force at the element `element`, or nil when there is none.
    func base(of element: xmlNodePtr) -> String? {
        var unknown: [xmlNodePtr] = []
        var inherited: String?
        var node: xmlNodePtr? = element
        while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            if let base = known[current] {
                inherited = base
                break
            }
            unknown.append(current)
            node = current.pointee.parent
        }
        for current in unknown.reversed() {
            if let own = FeedNode(pointer: current).attribute("xml:base"),
                own.utf8.count <= FeedLimits.maximumFieldBytes,
                let base = inherited.map({ LinkResolution.resolve(own, against: $0) }) ?? own,
                base.utf8.count <= FeedLimits.maximumFieldBytes
            {
                inherited = base
            }
            known[current] = inherited
        }
        return inherited
    }
}
