/// Per-node figures the article scoring needs, computed in one pass from the leaves up: how much
/// visible text is under a node, how much of it is link text, how many commas and paragraphs.
struct NodeStatistics {
    /// True for nodes inside boilerplate (navigation, hidden parts, widgets), which count for nothing.
    var removed: [Bool]
    /// Visible characters (whitespace runs counted once) under each node.
    var textLength: [Int]
    /// The part of `textLength` inside links.
    var linkTextLength: [Int]
    /// Commas in the visible text.
    var commas: [Int]
    /// `p` elements under each node.
    var paragraphs: [Int]
    /// `li` elements under each node.
    var listItems: [Int]

    /// The figures for `tree`; `strict` also leaves out elements whose class or id sounds like
    /// boilerplate (`sidebar`, `comments`), which now and then is the wrapper of the whole page.
    init(_ tree: HTMLTree, strict: Bool) {
        let count = tree.nodes.count
        removed = Array(repeating: false, count: count)
        textLength = Array(repeating: 0, count: count)
        linkTextLength = Array(repeating: 0, count: count)
        commas = Array(repeating: 0, count: count)
        paragraphs = Array(repeating: 0, count: count)
        listItems = Array(repeating: 0, count: count)
        var insideLink = Array(repeating: false, count: count)
        // Parents come before their children in the array, so one forward pass sees each parent first.
        for index in 1..<count {
            let node = tree[index]
            let parent = node.parent
            removed[index] = removed[parent] || ContentHints.isBoilerplate(node, byClass: strict)
            insideLink[index] = insideLink[parent] || node.name == "a"
        }
        // And one backward pass adds each node into its parent.
        for index in stride(from: count - 1, through: 1, by: -1) where !removed[index] {
            let node = tree[index]
            if node.isText {
                let (length, commaCount) = Self.measure(node.text)
                textLength[index] = length
                commas[index] = commaCount
                if insideLink[index] { linkTextLength[index] = length }
            } else if node.name == "p" {
                paragraphs[index] += 1
            } else if node.name == "li" {
                listItems[index] += 1
            }
            let parent = node.parent
            textLength[parent] += textLength[index]
            linkTextLength[parent] += linkTextLength[index]
            commas[parent] += commas[index]
            paragraphs[parent] += paragraphs[index]
            listItems[parent] += listItems[index]
        }
    }

    /// The share of a node's text that is link text, 0 to 1.
    func linkDensity(_ index: Int) -> Double {
        textLength[index] == 0 ? 0 : Double(linkTextLength[index]) / Double(textLength[index])
    }

    private static func measure(_ text: String) -> (length: Int, commas: Int) {
        var length = 0
        var commas = 0
        var lastWasSpace = true
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                if !lastWasSpace { length += 1 }
                lastWasSpace = true
            case 0x80...0xBF:
                // A UTF-8 continuation byte belongs to the character already counted.
                lastWasSpace = false
            default:
                if byte == UInt8(ascii: ",") { commas += 1 }
                length += 1
                lastWasSpace = false
            }
        }
        return (length, commas)
    }
}
