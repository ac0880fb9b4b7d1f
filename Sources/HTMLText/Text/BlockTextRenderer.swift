/// Turns part of an ``HTMLTree`` into plain text with paragraph breaks: block elements (`p`,
/// headings, list items, `div`s …) become paragraphs separated by a blank line, `br` a line break,
/// and runs of spaces, tabs and line breaks inside a paragraph one space.
struct BlockTextRenderer {
    /// Elements that start and end a paragraph of their own.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir", "div", "dl",
        "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
        "td", "tfoot", "th", "thead", "tr", "ul",
    ]

    /// Elements whose text is never shown.
    static let invisibleElements: Set<String> = [
        "script", "style", "noscript", "template", "head", "title", "meta", "link", "iframe", "object", "svg",
    ]

    private var paragraphs: [String] = []
    private var current = ""
    private var pendingSpace = false

    /// The text under the nodes `roots` of `tree`, skipping every node for which `skip` is true.
    static func render(_ roots: [Int], in tree: HTMLTree, skip: (Int) -> Bool = { _ in false }) -> String {
        var renderer = BlockTextRenderer()
        for root in roots {
            tree.walk(
                from: root, enter: { renderer.enter($0, in: tree, skip: skip) },
                leave: { renderer.leave($0, in: tree) })
        }
        renderer.endParagraph()
        return renderer.paragraphs.joined(separator: "\n\n")
    }

    /// Takes in a node before its children; true when its children are to be rendered.
    private mutating func enter(_ index: Int, in tree: HTMLTree, skip: (Int) -> Bool) -> Bool {
        let node = tree[index]
        guard let name = node.name else {
            appendText(node.text)
            return false
        }
        guard !Self.invisibleElements.contains(name), !skip(index) else { return false }
        if name == "br" {
            lineBreak()
            return false
        }
        if Self.blockElements.contains(name) { endParagraph() }
        if name == "td" || name == "th" { pendingSpace = !current.isEmpty }
        return true
    }

    /// Closes an element after its children: a block ends its paragraph (a table cell does not).
    private mutating func leave(_ index: Int, in tree: HTMLTree) {
        guard let name = tree[index].name, Self.blockElements.contains(name), name != "td", name != "th" else { return }
        endParagraph()
    }

    private mutating func appendText(_ text: String) {
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace && !current.isEmpty && current.last != "\n" { current.append(" ") }
                pendingSpace = false
                current.append(character)
            }
        }
    }

    private mutating func lineBreak() {
        pendingSpace = false
        if !current.isEmpty && current.last != "\n" { current.append("\n") }
    }

    private mutating func endParagraph() {
        while current.last == "\n" { current.removeLast() }
        if !current.isEmpty { paragraphs.append(current) }
        current = ""
        pendingSpace = false
    }
}
