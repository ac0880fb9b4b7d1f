/// Walking directions: the steps from a checkpoint to a destination, and where its door is.
public struct Directions: Sendable, Equatable {
    /// The checkpoint they start at.
    public let start: Int
    /// Where they lead.
    public let destination: Destination
    /// The walk they describe.
    public let path: ShortestPath
    /// The walking steps, in order (none when the destination is at the start).
    public let steps: [Step]
    /// The last step: where the destination's door is.
    public let arrival: Arrival
    /// True when the route avoids stairs.
    public let accessible: Bool

    /// Minutes at an unhurried 80 m a minute, at least one.
    public var minutes: Int { max(1, Int((path.length / 80).rounded(.up))) }
}

extension Campus {
    /// Directions from `start` to `destination`, avoiding stairs when `accessible`; nil when no
    /// route reaches it.
    public func directions(from start: Int, to destination: Destination, accessible: Bool = false) -> Directions? {
        guard let path = graph.shortestPath(from: start, to: checkpoint(of: destination), accessible: accessible) else {
            return nil
        }
        let writer = DirectionsWriter(campus: self)
        return Directions(
            start: start, destination: destination, path: path,
            steps: writer.steps(along: path), arrival: writer.arrival(at: destination), accessible: accessible)
    }
}
