/// Reads a feed's stories within ``FeedLimits``, each on its own: the first
/// ``FeedLimits/maximumItems`` are read and the rest dropped; a story with a one-line field longer
/// than ``FeedLimits/maximumFieldBytes`` is skipped, and a summary or content longer than
/// ``FeedLimits/maximumTextBytes`` is cut. Each of these leaves a warning naming the story, and
/// the other stories are served.
struct ItemScreening {
    private(set) var items: [FeedItem] = []
    private(set) var warnings: [String] = []
    private var unreportedProblems = 0

    /// Reads the stories at `nodes` with `read`; `dropped` more stories were counted but not built.
    init(_ nodes: [FeedNode], dropped: Int, read: (FeedNode) -> FeedItem) {
        let count = nodes.count + dropped
        if count > FeedLimits.maximumItems {
            warnings.append(
                "the feed has \(count) stories; the first \(FeedLimits.maximumItems) were read, the rest dropped")
        }
        for (offset, node) in nodes.prefix(FeedLimits.maximumItems).enumerated() {
            var item = read(node)
            // Named only when there is something to say, from the fields a cut leaves alone.
            let name = { [item] in Self.name(of: item, at: offset + 1) }
            if let field = Self.overlongField(of: item) {
                report("\(name()) skipped: its \(field) is longer than \(FeedLimits.maximumFieldBytes) bytes")
                continue
            }
            if let summary = item.summary, let cut = Self.cut(summary) {
                item.summary = cut
                report("\(name()): its summary was cut to \(FeedLimits.maximumTextBytes) bytes")
            }
            if let content = item.content, let cut = Self.cut(content) {
                item.content = cut
                report("\(name()): its content was cut to \(FeedLimits.maximumTextBytes) bytes")
            }
            items.append(item)
        }
        if unreportedProblems > 0 { warnings.append("and \(unreportedProblems) more stories skipped or cut") }
    }

    private mutating func report(_ warning: String) {
        if warnings.count < FeedLimits.maximumItemWarnings {
            warnings.append(warning)
        } else {
            unreportedProblems += 1
        }
    }

    /// `story 12 ("…")`: the position, and the story's guid, link or title, shortened.
    private static func name(of item: FeedItem, at position: Int) -> String {
        guard let label = item.guid ?? item.link ?? item.title else { return "story \(position)" }
        let line = label.prefix(200).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let short = line.count > 60 ? line.prefix(60) + "…" : line
        return "story \(position) (\"\(short)\")"
    }

    /// The name of the first one-line field longer than ``FeedLimits/maximumFieldBytes``.
    private static func overlongField(of item: FeedItem) -> String? {
        let fields = [
            ("title", item.title), ("link", item.link), ("guid", item.guid), ("author", item.author),
            ("image address", item.image),
        ]
        return fields.first { $0.1.map { $0.utf8.count > FeedLimits.maximumFieldBytes } ?? false }?.0
    }

    /// `text` cut to ``FeedLimits/maximumTextBytes`` at a character's start; nil when it fits.
    private static func cut(_ text: FeedText) -> FeedText? {
        let utf8 = text.value.utf8
        guard utf8.count > FeedLimits.maximumTextBytes else { return nil }
        var end = utf8.index(utf8.startIndex, offsetBy: FeedLimits.maximumTextBytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return FeedText(String(decoding: utf8[..<end], as: UTF8.self), isHTML: text.isHTML)
    }
}
