/// A shortest walk from one checkpoint to another: the edges in order and their total length.
public struct ShortestPath: Sendable, Equatable {
    /// The node it starts at.
    public let start: Int
    /// The edges, in walking order; empty when start and end are the same node.
    public let edges: [CampusGraph.Edge]
    /// The sum of the edges' lengths.
    public let length: Double

    /// The node it ends at.
    public var end: Int { edges.last.map { Int($0.target) } ?? start }
}

extension CampusGraph {
    /// The shortest path from `start` to `end`, avoiding stairs when `accessible`; nil when `end`
    /// cannot be reached. A* guided by the graph's landmarks (plain Dijkstra without them), with a
    /// binary heap, stopping when `end` is settled.
    public func shortestPath(from start: Int, to end: Int, accessible: Bool = false) -> ShortestPath? {
        precondition(start >= 0 && start < nodeCount && end >= 0 && end < nodeCount, "node out of range")
        if start == end { return ShortestPath(start: start, edges: [], length: 0) }
        var distance = [Double](repeating: .infinity, count: nodeCount)
        var arrivedBy = [Int32](repeating: -1, count: nodeCount)
        // The lower bound of each node's distance to `end`, computed when first reached; -1 before.
        var estimate = [Double](repeating: -1, count: nodeCount)
        let guide = landmarks?.landmarks(in: self, accessible: accessible)
        var heap = MinimumHeap()
        distance[start] = 0
        estimate[start] = guide?.lowerBound(from: start, to: end) ?? 0
        guard estimate[start] < .infinity else { return nil }
        heap.push(estimate[start], start)
        while let (priority, node) = heap.pop() {
            if node == end { break }
            guard priority <= distance[node] + estimate[node] else { continue }
            let reached = distance[node]
            for index in Int(offsets[node])..<Int(offsets[node + 1]) {
                let edge = edges[index]
                if accessible, edge.isStairs { continue }
                let target = Int(edge.target)
                let candidate = reached + edge.length
                if candidate < distance[target] {
                    if estimate[target] < 0 { estimate[target] = guide?.lowerBound(from: target, to: end) ?? 0 }
                    // A node proven not to lead to `end` is never worth a step.
                    guard estimate[target] < .infinity else { continue }
                    distance[target] = candidate
                    arrivedBy[target] = Int32(index)
                    heap.push(candidate + estimate[target], target)
                }
            }
        }
        guard distance[end] < .infinity else { return nil }
        var path: [Edge] = []
        var node = end
        while node != start {
            let edgeIndex = Int(arrivedBy[node])
            path.append(edges[edgeIndex])
            node = sourceNode(ofEdgeAt: edgeIndex)
        }
        return ShortestPath(start: start, edges: path.reversed(), length: distance[end])
    }

    /// The distance from `start` to every node (infinity where none reaches), leaving stairs out
    /// when `accessible`.
    func distances(from start: Int, accessible: Bool) -> [Double] {
        var distance = [Double](repeating: .infinity, count: nodeCount)
        var heap = MinimumHeap()
        distance[start] = 0
        heap.push(0, start)
        while let (reached, node) = heap.pop() {
            guard reached <= distance[node] else { continue }
            for edge in edges(from: node)
            where !(accessible && edge.isStairs) && reached + edge.length < distance[Int(edge.target)] {
                distance[Int(edge.target)] = reached + edge.length
                heap.push(reached + edge.length, Int(edge.target))
            }
        }
        return distance
    }

    /// The node whose edge list holds the edge at `index`.
    private func sourceNode(ofEdgeAt index: Int) -> Int {
        var low = 0
        var high = nodeCount - 1
        let position = Int32(index)
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// A binary min-heap of (distance, node) pairs; stale entries are skipped by the caller.
private struct MinimumHeap {
    private var keys: [Double] = []
    private var nodes: [Int] = []

    mutating func push(_ key: Double, _ node: Int) {
        keys.append(key)
        nodes.append(node)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            nodes.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let top = keys.first else { return nil }
        let node = nodes[0]
        let lastKey = keys.removeLast()
        let lastNode = nodes.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            nodes[0] = lastNode
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < keys.count else { break }
                let right = left + 1
                let smaller = right < keys.count && keys[right] < keys[left] ? right : left
                guard keys[smaller] < keys[parent] else { break }
                keys.swapAt(smaller, parent)
                nodes.swapAt(smaller, parent)
                parent = smaller
            }
        }
        return (top, node)
    }
}
