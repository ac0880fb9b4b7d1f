/// Readability's scoring of containers: each paragraph of at least 25 characters gives its
/// parent 1 point, plus a point per comma and per 100 characters (up to 3), and gives less to each
/// ancestor further up; a container starts from a base for its tag and its class and id weight,
/// and its total is discounted by its link density.
struct CandidateScoring {
    let tree: HTMLTree
    let statistics: NodeStatistics
    /// The score of each container that received any, by node index.
    private(set) var scores: [Int: Double] = [:]

    init(tree: HTMLTree, statistics: NodeStatistics) {
        self.tree = tree
        self.statistics = statistics
    }

    /// Elements that hold paragraphs of their own.
    private static let paragraphElements: Set<String> = ["p", "pre", "td", "blockquote", "h2", "h3", "h4", "h5", "h6"]

    /// Containers whose tag starts them above or below zero.
    private static func baseScore(_ name: String) -> Double {
        switch name {
        case "div", "article", "main", "section": 5
        case "pre", "td", "blockquote": 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
        default: 0
        }
    }

    /// The nodes that hold the article, in document order; nil when the page has no paragraph.
    mutating func contentNodes() -> [Int]? {
        scoreParagraphs()
        var best: (index: Int, score: Double)?
        for (index, score) in scores {
            let final = score * (1 - statistics.linkDensity(index))
            scores[index] = final
            if best == nil || final > best!.score || (final == best!.score && index < best!.index) {
                best = (index, final)
            }
        }
        guard var top = best?.index, let topScore = best?.score else { return nil }
        // A parent that scores almost as well holds more of the same story (split into columns).
        while case let parent = tree[top].parent, parent > 0, let parentScore = scores[parent],
            parentScore >= topScore * 0.9, statistics.linkDensity(parent) < 0.3
        {
            top = parent
        }
        return withSiblings(of: top, topScore: scores[top] ?? topScore)
    }

    private mutating func scoreParagraphs() {
        for index in tree.nodes.indices where !statistics.removed[index] {
            guard let name = tree[index].name, isParagraph(index, name: name) else { continue }
            let length = statistics.textLength[index]
            guard length >= 25 else { continue }
            let score = 1 + Double(statistics.commas[index]) + Double(min(length / 100, 3))
            var ancestor = tree[index].parent
            var level = 0
            while ancestor > 0, level < 5 {
                if scores[ancestor] == nil, let name = tree[ancestor].name {
                    scores[ancestor] = Self.baseScore(name) + ContentHints.weight(tree[ancestor])
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[ancestor, default: 0] += score / divider
                ancestor = tree[ancestor].parent
                level += 1
            }
        }
    }

    /// A `p`-like element, or a `div` with no block inside (pages that write paragraphs as divs).
    private func isParagraph(_ index: Int, name: String) -> Bool {
        if Self.paragraphElements.contains(name) { return true }
        guard name == "div" || name == "section" || name == "span" && tree[tree[index].parent].name == "div" else {
            return false
        }
        return !tree[index].children.contains { child in
            tree[child].name.map(BlockTextRenderer.blockElements.contains) ?? false
        }
    }

    /// The top container and those of its siblings that score well or read as paragraphs.
    private func withSiblings(of top: Int, topScore: Double) -> [Int] {
        let parent = tree[top].parent
        guard parent >= 0 else { return [top] }
        let threshold = max(10, topScore * 0.2)
        let topClass = tree[top].attribute("class")
        return tree[parent].children.filter { sibling in
            if sibling == top { return true }
            guard !statistics.removed[sibling], let name = tree[sibling].name else { return false }
            var bonus = 0.0
            if let topClass, !topClass.isEmpty, tree[sibling].attribute("class") == topClass { bonus = topScore * 0.2 }
            if let score = scores[sibling], score + bonus >= threshold { return true }
            guard name == "p" else { return false }
            let length = statistics.textLength[sibling]
            let density = statistics.linkDensity(sibling)
            return length > 80 && density < 0.25
                || length > 0 && density == 0 && tree.textContent(of: sibling).contains(". ")
        }
    }
}
