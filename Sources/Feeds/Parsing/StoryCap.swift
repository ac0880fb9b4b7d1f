import CLibXML2

/// Keeps libxml2 from building the stories the readers never read. The readers take the first
/// ``FeedLimits/maximumItems`` stories of each place they look in (the `<item>`s of the first
/// `<channel>`, the `<item>`s and the `<entry>`s of the root); each further story there is only
/// counted, for the warning, and its elements are parsed as before (errors, recovery, the depth
/// bound) but not made into nodes. A 16 MB feed of small stories then costs the parse, not a
/// tree of a million nodes. The other elements are held the same way to
/// ``FeedLimits/maximumChildElements`` under one element and, stories included, to
/// ``FeedLimits/maximumElements`` in all.
///
/// It sits between libxml2's parser and its tree builder (``XMLDocumentReader`` installs it). A
/// skipped element pushes its parent again on the parser's node stack instead of a node of its
/// own, so the stack keeps the depth libxml2 counts and pops even where it ends an element
/// without a closing tag.
final class StoryCap {
    /// Where the readers look for stories.
    enum Place: Int, CaseIterable {
        case channelItems, rootItems, rootEntries
    }

    private var kept = [Int](repeating: 0, count: Place.allCases.count)
    private var dropped = [Int](repeating: 0, count: Place.allCases.count)

    /// The root element and the root's first `<channel>`, once libxml2 has made them.
    private var root: xmlNodePtr?
    private var channel: xmlNodePtr?

    /// While a story is skipped, the parser's node stack depth at which elements are built again.
    private var skippedFrom: Int32?

    /// The elements built so far.
    private var built = 0

    /// The elements other than stories that were read past ``FeedLimits/maximumChildElements``
    /// or ``FeedLimits/maximumElements`` and not built (their own children not counted).
    private(set) var elementsLeftOut = 0

    /// The attributes that may still be built.
    private var attributesLeft = FeedLimits.maximumAttributes

    /// The attributes read past ``FeedLimits/maximumAttributes`` and not built.
    private(set) var attributesLeftOut = 0

    /// How many of the `count` attributes of an element being built are built: all of them while
    /// the feed's cap allows.
    func attributesToBuild(_ count: Int32) -> Int32 {
        let kept = min(Int(count), attributesLeft)
        attributesLeft -= kept
        attributesLeftOut += Int(count) - kept
        return Int32(kept)
    }

    /// The child elements other than stories built under each element of the parser's node
    /// stack, by the stack depth of their parent.
    private var childCounts: [Int] = [0]

    /// The stories of `places` that were counted but not built.
    func dropped(_ places: Place...) -> Int {
        places.reduce(0) { $0 + dropped[$1.rawValue] }
    }

    /// True while the parser is inside a skipped story or element.
    func isSkipping(_ context: xmlParserCtxtPtr) -> Bool {
        guard let skippedFrom else { return false }
        if context.pointee.nodeNr > skippedFrom { return true }
        self.skippedFrom = nil
        return false
    }

    /// Builds the element starting now (`local`, `prefix`, namespace `uri`) with `build`, unless it
    /// is a story or an element past a cap, or inside one: then its parent stands in for it on the
    /// node stack.
    func start(
        _ context: xmlParserCtxtPtr, local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?,
        uri: UnsafePointer<xmlChar>?, build: () -> Void
    ) {
        let parent = context.pointee.node
        if isSkipping(context) {
            nodePush(context, parent)
            return
        }
        guard built < FeedLimits.maximumElements else {
            elementsLeftOut += 1
            skip(context, parent)
            return
        }
        let depth = Int(context.pointee.nodeNr)
        if childCounts.count <= depth + 1 { childCounts += Array(repeating: 0, count: depth + 2 - childCounts.count) }
        if let parent, parent == root || parent == channel, let local,
            let place = place(local: local, prefix: prefix, uri: uri, underChannel: parent == channel)
        {
            guard kept[place.rawValue] < FeedLimits.maximumItems else {
                dropped[place.rawValue] += 1
                skip(context, parent)
                return
            }
            kept[place.rawValue] += 1
        } else {
            guard childCounts[depth] < FeedLimits.maximumChildElements else {
                elementsLeftOut += 1
                skip(context, parent)
                return
            }
            childCounts[depth] += 1
        }
        childCounts[depth + 1] = 0
        built += 1
        build()
        guard let parent, let local else {
            if root == nil, parent == nil { root = context.pointee.node }
            return
        }
        if channel == nil, parent == root, Self.equals(local, "channel"),
            FeedNode.key(local: local, prefix: prefix, uri: uri) == "channel"
        {
            channel = context.pointee.node
        }
    }

    /// Skips the element starting now and what is inside it: `parent` stands in for it.
    private func skip(_ context: xmlParserCtxtPtr, _ parent: xmlNodePtr?) {
        skippedFrom = context.pointee.nodeNr
        nodePush(context, parent)
    }

    /// Whether the element ending now was built; when it was not, its stand-in leaves the node stack.
    func end(_ context: xmlParserCtxtPtr) -> Bool {
        guard isSkipping(context) else { return true }
        nodePop(context)
        return false
    }

    /// The place a story element under the root or the channel counts in, or nil for another element.
    private func place(
        local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        underChannel: Bool
    ) -> Place? {
        // A key is `item` or `…entry` only for these local names: other elements cost no string.
        if Self.equals(local, "item") {
            guard FeedNode.key(local: local, prefix: prefix, uri: uri) == "item" else { return nil }
            return underChannel ? .channelItems : .rootItems
        }
        guard !underChannel, Self.equals(local, "entry") else { return nil }
        let key = FeedNode.key(local: local, prefix: prefix, uri: uri)
        return AtomReader.entryKeys.contains(key) ? .rootEntries : nil
    }

    private static func equals(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        xmlStrEqual(name, literal.utf8Start) != 0
    }
}
