/// A parsed HTML document as a flat, immutable array of nodes: elements with their attributes and
/// children, and text. Index 0 is the document itself; every other node names its parent.
///
/// The tree is a value, so it can be shared between tasks and read without locks; the extraction
/// steps walk it by index.
public struct HTMLTree: Sendable {
    /// One element or piece of text.
    public struct Node: Sendable {
        /// The element's lowercase tag name, or nil for text.
        public let name: String?
        /// The text of a text node; empty for elements.
        public let text: String
        /// The element's attributes in document order, names lowercase.
        public let attributes: [Attribute]
        /// The indexes of the children, in document order.
        public internal(set) var children: [Int]
        /// The index of the parent; -1 for the document.
        public let parent: Int

        /// The value of attribute `name`, if present.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// True for a text node.
        public var isText: Bool { name == nil }
    }

    /// One attribute of an element.
    public struct Attribute: Sendable, Equatable {
        /// The lowercase name.
        public let name: String
        /// The value, entities decoded.
        public let value: String
    }

    /// The nodes; index 0 is the document.
    public internal(set) var nodes: [Node]

    /// The index of the document node.
    public static let documentIndex = 0

    /// An empty document.
    init() {
        nodes = [Node(name: "#document", text: "", attributes: [], children: [], parent: -1)]
    }

    /// Adds a node under `parent` and returns its index.
    mutating func append(name: String?, text: String, attributes: [Attribute], under parent: Int) -> Int {
        let index = nodes.count
        nodes.append(Node(name: name, text: text, attributes: attributes, children: [], parent: parent))
        nodes[parent].children.append(index)
        return index
    }

    /// The node at `index`.
    public subscript(index: Int) -> Node { nodes[index] }

    /// The indexes of every element named `name`, in document order.
    public func elements(named name: String) -> [Int] {
        nodes.indices.filter { nodes[$0].name == name }
    }

    /// The text under `index`, concatenated as it appears, without any spacing between blocks.
    public func textContent(of index: Int) -> String {
        var result = ""
        walk(from: index) { index in
            let node = nodes[index]
            if node.isText { result += node.text }
            return !node.isText
        }
        return result
    }
}
