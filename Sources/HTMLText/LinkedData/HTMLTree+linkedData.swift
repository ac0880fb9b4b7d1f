extension HTMLTree {
    /// The page's JSON-LD blocks that parse, in document order; blocks that are not JSON are
    /// skipped, and so are blocks past the limits of ``LinkedDataLimits``.
    public var linkedData: [LinkedDataValue] {
        var blocks = LinkedDataBlocks()
        for index in elements(named: "script") where !blocks.isFull {
            guard self[index].attribute("type")?.lowercased().contains("ld+json") == true else { continue }
            blocks.read(textContent(of: index))
        }
        return blocks.values
    }
}
