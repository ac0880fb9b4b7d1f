/// The campus as a directed graph in compressed adjacency form: the edges leaving node `n` are
/// `edges[offsets[n]..<offsets[n + 1]]`. Built once per campus; its landmarks (see ``Landmarks``)
/// are chosen by the first route query, and a query allocates only its distance, estimate and
/// predecessor arrays.
public struct CampusGraph: Sendable {
    /// One direction of a link.
    public struct Edge: Sendable, Equatable {
        /// The node it leads to.
        public let target: Int32
        /// The index of its link in ``Campus/links``.
        public let link: Int32
        /// True when it crosses the link from `to` to `from`.
        public let isBackward: Bool
        /// True for stairs, which accessible routes avoid.
        public let isStairs: Bool
        /// The link's length.
        public let length: Double
    }

    /// How many nodes (checkpoints) there are.
    public let nodeCount: Int
    let offsets: [Int32]
    let edges: [Edge]
    /// The landmarks that guide searches, and those that guide stair-free ones; nil on small
    /// graphs, where plain Dijkstra is as quick.
    let landmarks: LazyLandmarks?

    /// How many landmarks a graph of `nodeCount` nodes gets by default: none under 200 nodes,
    /// then one per 100 nodes up to 12.
    public static func defaultLandmarkCount(nodeCount: Int) -> Int {
        nodeCount < 200 ? 0 : min(20, nodeCount / 100)
    }

    /// Builds the graph of `links` over `nodeCount` nodes (each link gives one edge, two unless
    /// one-way) and picks `landmarks` landmarks (by default ``defaultLandmarkCount(nodeCount:)``).
    public init(nodeCount: Int, links: [Link], landmarks: Int? = nil) {
        var outgoing = [[Edge]](repeating: [], count: nodeCount)
        for (index, link) in links.enumerated() {
            let stairs = link.kind == .stairs
            outgoing[link.from].append(
                Edge(
                    target: Int32(link.to), link: Int32(index), isBackward: false, isStairs: stairs, length: link.length
                ))
            if !link.oneWay {
                outgoing[link.to].append(
                    Edge(
                        target: Int32(link.from), link: Int32(index), isBackward: true, isStairs: stairs,
                        length: link.length))
            }
        }
        let count = min(nodeCount, landmarks ?? Self.defaultLandmarkCount(nodeCount: nodeCount))
        self.init(nodeCount: nodeCount, outgoing: outgoing, landmarks: count > 0 ? LazyLandmarks(count: count) : nil)
    }

    private init(nodeCount: Int, outgoing: [[Edge]], landmarks: LazyLandmarks? = nil) {
        self.nodeCount = nodeCount
        var offsets = [Int32](repeating: 0, count: nodeCount + 1)
        for node in 0..<nodeCount { offsets[node + 1] = offsets[node] + Int32(outgoing[node].count) }
        self.offsets = offsets
        edges = outgoing.flatMap { $0 }
        self.landmarks = landmarks
    }

    /// The same nodes with every edge turned around: distances in it are distances *to* a node.
    func reversed() -> CampusGraph {
        var incoming = [[Edge]](repeating: [], count: nodeCount)
        for node in 0..<nodeCount {
            for edge in edges(from: node) {
                incoming[Int(edge.target)].append(
                    Edge(
                        target: Int32(node), link: edge.link, isBackward: !edge.isBackward, isStairs: edge.isStairs,
                        length: edge.length))
            }
        }
        return CampusGraph(nodeCount: nodeCount, outgoing: incoming)
    }

    /// The edges leaving `node`.
    public func edges(from node: Int) -> ArraySlice<Edge> {
        edges[Int(offsets[node])..<Int(offsets[node + 1])]
    }
}

extension CampusGraph {
    /// Which nodes some walk from `start` reaches (stairs included), by breadth-first search.
    public func reachable(from start: Int) -> [Bool] {
        var seen = [Bool](repeating: false, count: nodeCount)
        var queue = [start]
        seen[start] = true
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for edge in edges(from: node) where !seen[Int(edge.target)] {
                seen[Int(edge.target)] = true
                queue.append(Int(edge.target))
            }
        }
        return seen
    }
}
