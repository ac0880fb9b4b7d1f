extension HTMLTree {
    /// The page's JSON-LD blocks that parse, in document order; blocks that are not JSON are skipped.
    public var linkedData: [LinkedDataValue] {
        elements(named: "script").compactMap { index -> LinkedDataValue? in
            guard let type = self[index].attribute("type")?.lowercased(), type.contains("ld+json") else { return nil }
            return LinkedDataValue(json: textContent(of: index))
        }
    }
}
