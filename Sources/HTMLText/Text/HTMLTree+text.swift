extension HTMLTree {
    /// The document's text as paragraphs separated by blank lines (scripts, styles and other
    /// invisible parts left out).
    public var paragraphText: String {
        BlockTextRenderer.render([HTMLTree.documentIndex], in: self)
    }

    /// The document's text content as one line: scripts and styles left out, every run of
    /// whitespace one space, trimmed — the plain form of a feed summary.
    public var flatText: String {
        var words = ""
        var pendingSpace = false
        func walk(_ index: Int) {
            let node = self[index]
            if let name = node.name {
                guard name != "script" && name != "style" else { return }
                for child in node.children { walk(child) }
                return
            }
            for character in node.text {
                if character.isWhitespace {
                    pendingSpace = true
                } else {
                    if pendingSpace && !words.isEmpty { words.append(" ") }
                    pendingSpace = false
                    words.append(character)
                }
            }
        }
        walk(HTMLTree.documentIndex)
        return words
    }
}

/// Plain text from a piece of HTML (a feed's summary, an `articleBody` that holds markup), as
/// paragraphs separated by blank lines.
public func plainText(fromHTML html: String) -> String {
    HTMLTree(parsing: html).paragraphText
}
