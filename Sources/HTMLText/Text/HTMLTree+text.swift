extension HTMLTree {
    /// The document's text as paragraphs separated by blank lines (scripts, styles and other
    /// invisible parts left out).
    public var paragraphText: String {
        BlockTextRenderer.render([HTMLTree.documentIndex], in: self)
    }

    /// The document's text content as one line: scripts and styles left out, every run of
    /// whitespace one space, trimmed — the plain form of a feed summary.
    public var flatText: String {
        var text = ""
        walk(from: HTMLTree.documentIndex) { index in
            let node = self[index]
            guard let name = node.name else {
                text += node.text
                return false
            }
            return name != "script" && name != "style"
        }
        return text.collapsingWhitespace
    }
}

/// Plain text from a piece of HTML (a feed's summary, an `articleBody` that holds markup), as
/// paragraphs separated by blank lines.
public func plainText(fromHTML html: String) -> String {
    HTMLTree(parsing: html).paragraphText
}

extension StringProtocol {
    /// Every run of whitespace one space, and none at either end.
    public var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
