import Synchronization

/// A graph's landmarks, chosen by the first search that needs them: one set for all walks, one
/// for stair-free walks. Reading a campus file (or checking one before an import) never routes,
/// so it does not pay for them.
final class LazyLandmarks: Sendable {
    /// How many landmarks each set has.
    let count: Int
    private let plain = Mutex<Landmarks?>(nil)
    private let stairFree = Mutex<Landmarks?>(nil)

    init(count: Int) { self.count = count }

    /// The landmarks of `graph` (the graph this was made for), chosen on first use; a search that
    /// arrives meanwhile waits for them rather than choosing them again.
    func landmarks(in graph: CampusGraph, accessible: Bool) -> Landmarks {
        func chosen(_ landmarks: inout Landmarks?) -> Landmarks {
            if let landmarks { return landmarks }
            let picked = Landmarks(choosing: count, in: graph, accessible: accessible)
            landmarks = picked
            return picked
        }
        return accessible ? stairFree.withLock { chosen(&$0) } : plain.withLock { chosen(&$0) }
    }
}
