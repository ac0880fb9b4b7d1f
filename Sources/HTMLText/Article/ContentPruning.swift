/// Readability's last cleaning of the chosen content: boilerplate is dropped, and so are lists,
/// tables and divisions that look like navigation or widgets rather than story (many links, more
/// list items than paragraphs, pictures with no text, a negative class) — unless they are long,
/// comma-rich prose.
struct ContentPruning {
    let tree: HTMLTree
    let statistics: NodeStatistics
    let scores: [Int: Double]

    /// True when node `index` and what is under it are left out of the article's text.
    func shouldDrop(_ index: Int) -> Bool {
        if statistics.removed[index] { return true }
        guard let name = tree[index].name else { return false }
        switch name {
        case "ul", "ol", "table", "div", "section", "dl", "form":
            return looksLikeWidget(index, name: name)
        case "p", "h2", "h3", "h4", "h5", "h6", "li", "blockquote":
            // Headings and paragraphs that are nothing but links ("Read more: …", related headlines).
            let length = statistics.textLength[index]
            return length > 0 && statistics.linkDensity(index) > 0.8 && length < 200
        default:
            return false
        }
    }

    private func looksLikeWidget(_ index: Int, name: String) -> Bool {
        let weight = ContentHints.weight(tree[index])
        let score = scores[index] ?? 0
        if weight + score < 0 { return true }
        guard statistics.commas[index] < 10 else { return false }
        let length = statistics.textLength[index]
        let paragraphs = statistics.paragraphs[index]
        let items = statistics.listItems[index]
        let density = statistics.linkDensity(index)
        let isList = name == "ul" || name == "ol"
        if length == 0 { return false }
        if !isList && items > paragraphs + 1 && length < 1000 && density > 0.2 { return true }
        if weight < 25 && density > 0.3 { return true }
        if weight >= 25 && density > 0.5 { return true }
        if isList && density > 0.5 { return true }
        return false
    }
}
