/// Landmarks for A* search with the triangle inequality (the "ALT" method of Goldberg and
/// Harrelson): the exact distances from and to a few far-apart nodes, computed once per campus.
/// For any node `v`, target `t` and landmark `L`, `d(v,t) ≥ d(L,t) − d(L,v)` and
/// `d(v,t) ≥ d(v,L) − d(t,L)`; the largest of these bounds steers the search towards `t`. The
/// bound is consistent, so the first time A* settles `t` its path is the shortest. Stair-free
/// searches get landmarks of their own, measured without stairs, whose bounds are tighter. A
/// landmark that reaches `v` but not `t` (or `t`'s way to it but not `v`'s) proves `t`
/// unreachable from `v` at once.
struct Landmarks: Sendable {
    let count: Int
    /// `d(L, v)` at `[v * count + L]`.
    private let fromLandmark: [Double]
    /// `d(v, L)` at `[v * count + L]`.
    private let toLandmark: [Double]

    /// Picks `count` landmarks in `graph` (leaving stairs out when `accessible`), each as far as
    /// possible from those before it (a node no landmark reaches counts as farthest, so unconnected
    /// parts get landmarks of their own).
    init(choosing count: Int, in graph: CampusGraph, accessible: Bool) {
        let reversed = graph.reversed()
        let nodes = graph.nodeCount
        var from = [Double](repeating: .infinity, count: nodes * count)
        var to = [Double](repeating: .infinity, count: nodes * count)
        var nearest = [Double](repeating: .infinity, count: nodes)
        var chosen = Set<Int>()
        let first = graph.distances(from: 0, accessible: accessible)
        var candidate = first.indices.filter { first[$0].isFinite }.max { first[$0] < first[$1] } ?? 0
        for landmark in 0..<count {
            chosen.insert(candidate)
            let outward = graph.distances(from: candidate, accessible: accessible)
            let inward = reversed.distances(from: candidate, accessible: accessible)
            for node in 0..<nodes {
                from[node * count + landmark] = outward[node]
                to[node * count + landmark] = inward[node]
                nearest[node] = min(nearest[node], outward[node])
            }
            guard let next = (0..<nodes).filter({ !chosen.contains($0) }).max(by: { nearest[$0] < nearest[$1] }) else {
                break
            }
            candidate = next
        }
        self.count = count
        fromLandmark = from
        toLandmark = to
    }

    /// A lower bound of the distance from `node` to `target`: 0 when no landmark bounds it,
    /// infinity when a landmark proves that no walk leads there.
    @inline(__always)
    func lowerBound(from node: Int, to target: Int) -> Double {
        var best = 0.0
        let nodeBase = node * count
        let targetBase = target * count
        for landmark in 0..<count {
            let toTarget = fromLandmark[targetBase + landmark]
            let toNode = fromLandmark[nodeBase + landmark]
            if toNode.isFinite {
                guard toTarget.isFinite else { return .infinity }
                if toTarget - toNode > best { best = toTarget - toNode }
            }
            let fromNode = toLandmark[nodeBase + landmark]
            let fromTarget = toLandmark[targetBase + landmark]
            if fromTarget.isFinite {
                guard fromNode.isFinite else { return .infinity }
                if fromNode - fromTarget > best { best = fromNode - fromTarget }
            }
        }
        return best
    }
}
