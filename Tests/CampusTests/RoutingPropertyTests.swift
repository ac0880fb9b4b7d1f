import Campus
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Routes on seeded random campuses, checked against Floyd–Warshall over the same links.
@Suite struct RoutingPropertyTests {
    /// A campus of 2 to 40 checkpoints made from `seed`; one seed in four leaves parts unconnected.
    static func randomCampus(seed: UInt64) throws -> Campus {
        var random = SeededRandom(seed: seed)
        let size = Int.random(in: 2...40, using: &random)
        let json = GeneratedCampus.json(
            checkpoints: size, seed: seed, connected: seed % 4 != 0,
            extraLinks: Double.random(in: 0...2, using: &random))
        return try Campus.read(Array(json.utf8))
    }

    /// All-pairs shortest distances over `campus.links`, stairs left out when `accessible`.
    func bruteForceDistances(_ campus: Campus, accessible: Bool) -> [[Double]] {
        let count = campus.checkpoints.count
        var distance = [[Double]](repeating: [Double](repeating: .infinity, count: count), count: count)
        for node in 0..<count { distance[node][node] = 0 }
        for link in campus.links where !(accessible && link.kind == .stairs) {
            distance[link.from][link.to] = min(distance[link.from][link.to], link.length)
            if !link.oneWay { distance[link.to][link.from] = min(distance[link.to][link.from], link.length) }
        }
        for middle in 0..<count {
            for from in 0..<count where distance[from][middle] < .infinity {
                for to in 0..<count where distance[from][middle] + distance[middle][to] < distance[from][to] {
                    distance[from][to] = distance[from][middle] + distance[middle][to]
                }
            }
        }
        return distance
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func routesAreShortestFollowLinksAndAccessibleOnesAvoidStairsWithAndWithoutLandmarks(seed: UInt64) throws {
        let campus = try Self.randomCampus(seed: seed)
        let size = campus.checkpoints.count
        // The campus's own graph (too small for landmarks) and the same graph guided by landmarks.
        let guided = CampusGraph(nodeCount: size, links: campus.links, landmarks: 1 + Int(seed % 4))
        for (graph, accessible) in [(campus.graph, false), (campus.graph, true), (guided, false), (guided, true)] {
            let expected = bruteForceDistances(campus, accessible: accessible)
            var reachablePairs = 0
            for from in 0..<size {
                for to in 0..<size {
                    guard let path = graph.shortestPath(from: from, to: to, accessible: accessible) else {
                        #expect(expected[from][to] == .infinity, "seed \(seed): \(from)→\(to) said unreachable")
                        continue
                    }
                    reachablePairs += 1
                    #expect(abs(path.length - expected[from][to]) < 1e-9, "seed \(seed): \(from)→\(to)")
                    var at = from
                    var walked = 0.0
                    for edge in path.edges {
                        let link = campus.links[Int(edge.link)]
                        let (start, end) = edge.isBackward ? (link.to, link.from) : (link.from, link.to)
                        #expect(start == at, "seed \(seed): a step does not start where the last ended")
                        #expect(!(edge.isBackward && link.oneWay), "seed \(seed): a one-way link walked backwards")
                        #expect(!(accessible && link.kind == .stairs), "seed \(seed): stairs on an accessible route")
                        walked += link.length
                        at = end
                    }
                    #expect(at == to && abs(walked - path.length) < 1e-9)
                }
            }
            #expect(reachablePairs >= size, "every checkpoint reaches itself at least")
        }
    }

    @Test func theGeneratedCampusesCoverStairsOneWayLinksAndUnreachablePairs() throws {
        var kinds = Set<Link.Kind>()
        var oneWay = false
        var unreachable = false
        for seed in 0..<60 as Range<UInt64> {
            let campus = try Self.randomCampus(seed: seed)
            let size = campus.checkpoints.count
            kinds.formUnion(campus.links.map(\.kind))
            oneWay = oneWay || campus.links.contains { $0.oneWay }
            unreachable = unreachable || campus.graph.shortestPath(from: 0, to: size - 1) == nil
        }
        #expect(kinds.isSuperset(of: [.walk, .stairs, .elevator, .outside]), "\(kinds)")
        #expect(oneWay && unreachable)
    }
}

@Suite struct LandmarkRoutingTests {
    @Test func onALargeCampusLandmarkRoutesEqualPlainDijkstra() throws {
        let campus = try Campus.read(Array(GeneratedCampus.json(checkpoints: 600, seed: 99, extraLinks: 0.8).utf8))
        let plain = CampusGraph(nodeCount: campus.checkpoints.count, links: campus.links, landmarks: 0)
        #expect(CampusGraph.defaultLandmarkCount(nodeCount: 600) == 6)
        var random = SeededRandom(seed: 5)
        for _ in 0..<150 {
            let from = Int.random(in: 0..<600, using: &random)
            let to = Int.random(in: 0..<600, using: &random)
            for accessible in [false, true] {
                let guided = campus.graph.shortestPath(from: from, to: to, accessible: accessible)
                let expected = plain.shortestPath(from: from, to: to, accessible: accessible)
                #expect((guided?.length).map { abs($0 - (expected?.length ?? -1)) < 1e-9 } ?? (expected == nil))
            }
        }
    }
}
