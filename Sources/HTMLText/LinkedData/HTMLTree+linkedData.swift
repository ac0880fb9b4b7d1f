extension HTMLTree {
    /// The page's JSON-LD blocks that parse, in document order; blocks that are not JSON are
    /// skipped, and so are blocks past ``LinkedDataLimits/maximumBlocks``.
    public var linkedData: [LinkedDataValue] {
        elements(named: "script")
            .filter { self[$0].attribute("type")?.lowercased().contains("ld+json") == true }
            .prefix(LinkedDataLimits.maximumBlocks)
            .compactMap { LinkedDataValue(json: textContent(of: $0)) }
    }
}
