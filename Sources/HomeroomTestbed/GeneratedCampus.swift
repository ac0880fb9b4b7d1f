import Foundation

/// Campus files made up from a seed, for routing property tests and benchmarks: buildings of a
/// few floors whose checkpoints are joined by hallways, stairs, elevators and outdoor paths.
public enum GeneratedCampus {
    /// A campus file with `checkpoints` checkpoints.
    ///
    /// - Parameters:
    ///   - connected: joins every floor's checkpoints in a chain, floors by stairs and an
    ///     elevator, and buildings by paths, so everything is reachable; when false, only the
    ///     random extra links join anything.
    ///   - extraLinks: random links added per checkpoint, on top of the chains.
    public static func json(checkpoints count: Int, seed: UInt64, connected: Bool = true, extraLinks: Double = 0.5)
        -> String
    {
        var random = SeededRandom(seed: seed)
        let buildingCount = max(1, min(20, count / 400 + Int.random(in: 0...2, using: &random)))
        let floors = (0..<buildingCount).map { _ in Int.random(in: 1...4, using: &random) }
        var groups: [[Int]] = []
        var groupOf: [(building: Int, floor: Int)] = []
        for building in 0..<buildingCount {
            for floor in 1...floors[building] {
                groups.append([])
                groupOf.append((building, floor))
            }
        }
        var checkpoints: [String] = []
        var place: [(group: Int, building: Int, floor: Int)] = []
        for index in 0..<count {
            let group = index < groups.count ? index : Int.random(in: 0..<groups.count, using: &random)
            let (building, floor) = groupOf[group]
            groups[group].append(index)
            place.append((group, building, floor))
            checkpoints.append(
                #"{"id": "P\#(index)", "building": "B\#(building)", "floor": \#(floor), "name": "point \#(index)"}"#)
        }
        var links: [String] = []
        func link(_ from: Int, _ to: Int, _ kind: String, oneWay: Bool = false) {
            let length = Double(Int.random(in: 10...600, using: &random)) / 10
            links.append(
                #"{"from": "P\#(from)", "to": "P\#(to)", "length": \#(length), "kind": "\#(kind)""#
                    + (oneWay ? #", "oneWay": true}"# : "}"))
        }
        func kind(_ from: Int, _ to: Int) -> String? {
            let (a, b) = (place[from], place[to])
            if a.building == b.building {
                if a.floor == b.floor { return Bool.random(using: &random) ? "walk" : "door" }
                return ["stairs", "stairs", "elevator", "ramp"].randomElement(using: &random)!
            }
            return a.floor == 1 && b.floor == 1 ? "outside" : nil
        }
        if connected {
            for group in groups where group.count > 1 {
                for (from, to) in zip(group, group.dropFirst()) { link(from, to, "walk") }
            }
            for (index, group) in groups.enumerated() where index > 0 && !group.isEmpty {
                let previous = groups[index - 1]
                guard let from = previous.randomElement(using: &random), let to = group.randomElement(using: &random)
                else { continue }
                if groupOf[index].building == groupOf[index - 1].building {
                    link(from, to, "stairs")
                    link(previous.randomElement(using: &random)!, group.randomElement(using: &random)!, "elevator")
                } else {
                    let previousBuilding = groupOf[index - 1].building
                    let groundFloor = groups.indices.first { groupOf[$0].building == previousBuilding }!
                    if let from = groups[groundFloor].randomElement(using: &random) { link(from, to, "outside") }
                }
            }
        }
        for _ in 0..<Int(Double(count) * extraLinks) where count > 1 {
            let from = Int.random(in: 0..<count, using: &random)
            let to = Int.random(in: 0..<count, using: &random)
            guard from != to, let kind = kind(from, to) else { continue }
            link(from, to, kind, oneWay: Int.random(in: 0..<10, using: &random) == 0)
        }
        let rooms = stride(from: 0, to: count, by: 3).map {
            #"{"number": "R-\#($0)", "at": "P\#($0)", "side": "left", "door": 1}"#
        }
        let buildings = (0..<buildingCount).map { #"{"id": "B\#($0)", "name": "Building \#($0)"}"# }
        return """
            {"name": "Generated campus \(seed)",
            "buildings": [\(buildings.joined(separator: ",\n"))],
            "checkpoints": [\(checkpoints.joined(separator: ",\n"))],
            "links": [\(links.joined(separator: ",\n"))],
            "rooms": [\(rooms.joined(separator: ",\n"))]}
            """
    }
}
