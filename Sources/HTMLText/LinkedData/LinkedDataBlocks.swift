/// Reads one page's JSON-LD blocks within ``LinkedDataLimits``: the first
/// ``LinkedDataLimits/maximumBlocks``, each within the limits of one block, and no more than
/// ``LinkedDataLimits/maximumValues`` values among them all. Each block's values are counted
/// before it is decoded.
struct LinkedDataBlocks {
    /// The blocks that parsed, in document order.
    private(set) var values: [LinkedDataValue] = []
    private var blocksSeen = 0
    private var valuesLeft = LinkedDataLimits.maximumValues

    /// True once ``LinkedDataLimits/maximumBlocks`` blocks were read: later ones are left out.
    var isFull: Bool { blocksSeen >= LinkedDataLimits.maximumBlocks }

    /// Reads the next block's text; it counts against the limits whether or not it parses.
    mutating func read(_ json: String) {
        guard !isFull else { return }
        blocksSeen += 1
        guard let count = LinkedDataLimits.valueCount(json), count <= valuesLeft else { return }
        valuesLeft -= count
        if let value = LinkedDataValue(admitted: json) { values.append(value) }
    }

    /// Counts a block that is not read (one too large to be turned into text first).
    mutating func skip() {
        blocksSeen += 1
    }
}
